"""The rule register of Aluette (see :mod:`cardlab.games.register`): every rule the seed (seed 003),
rules.md §4 and the engine agree on, with where it comes from, what enforces it, where the lesson
teaches it and what the learner does to practise it."""
from __future__ import annotations

from ...i18n import N_
from ..register import OUR_READING, SEED, Rule

GAME = "cardlab.games.aluette.rules.Aluette"
BASE = "cardlab.rules.TrickGame"

RULES: tuple[Rule, ...] = (
    Rule("aluette.pack", N_("A Spanish pack of 48 cards: cups, coins, swords and clubs, ace to 9, jack, knight and "
                            "king; a French pack without its 10s will do, the queens standing for the knights."),
         SEED, "seed 003: \"The extended Spanish deck was a deck consisting of 48 cards in four suits\"; \"all "
               "four tens should be removed from a standard 52 card French deck\"",
         f"{GAME}.deal_problem", "aluette-pack", ("classes",)),
    Rule("aluette.ranking", N_("The cards rank in 19 classes across the suits, from Monsieur (3 of coins), Madame "
                               "(3 of cups), le Borgne (2 of coins) and la Vache (2 of cups) down to the plain "
                               "3s; cards of one class tie."),
         "steve-p", "rules.md §4.1: the seed's picture is missing; [steve-p] [jeuxloisirs] give the full list",
         f"{GAME}.strength", "aluette-pack", ("classes", "spoiled-trick")),
    Rule("aluette.any-card", N_("Suits do not matter: there is no following suit and no trump, and any card may be "
                                "led or played at any time."),
         SEED, "seed 003: \"There are no restrictions on what card a player can play to the trick\"",
         f"{GAME}.legal_cards", "aluette-pack", ("classes",)),
    Rule("aluette.ceremony", N_("Before the first hand one player deals cards face up, one at a time, until the "
                                "four luettes are out; a player who receives a luette gets no more cards."),
         SEED, "seed 003: \"He continues dealing around the table until the four highest cards in the game … have "
               "been dealt out\"",
         "cardlab.games.aluette.rules.ceremony", "aluette-ceremony", ("dealer-and-lead",)),
    Rule("aluette.ceremony-clockwise", N_("The cards of the ceremony go clockwise from the left of the player who "
                                          "deals them."),
         OUR_READING, "seed 003 says \"in a clockwise rotation … starting with the player at his right\", which cannot "
                      "both hold; clockwise from the left is how the deal and the play go (rules.md §4.2)",
         "cardlab.games.aluette.rules.ceremony", "aluette-ceremony", ("dealer-and-lead",)),
    Rule("aluette.partners", N_("Monsieur's and Madame's holders play together against le Borgne's and la Vache's, "
                                "partners sitting opposite: North and South against East and West."),
         SEED, "seed 003: \"the player dealt the three of diamonds … will play as partner … with the player dealt "
               "the three of hearts\"; \"Each player should sit directly across the table from his partner\"",
         f"{BASE}.side_of", "aluette-ceremony", ("most-tricks",)),
    Rule("aluette.first-dealer", N_("The holder of Madame deals the first hand."),
         SEED, "seed 003: \"The player dealt the three of hearts is also set as the first dealer\"",
         "cardlab.games.aluette.rules.ceremony", "aluette-ceremony", ("dealer-and-lead",)),
    Rule("aluette.deal", N_("The dealer deals packets of three cards, clockwise from his left, until each player has "
                            "nine; twelve cards are left over."),
         SEED, "seed 003: \"dealing the cards in face-down packets of three cards, in a clockwise rotation … until "
               "each player … has a total of nine cards. This should thus leave 12\"",
         f"{GAME}.deal_problem", "aluette-deal", ("the-deal",)),
    Rule("aluette.next-dealer", N_("The deal passes clockwise: the next dealer sits at the dealer's left."),
         SEED, "seed 003: \"thereafter, for each hand the role of dealer rotates in a clockwise direction\"",
         f"{BASE}.next_dealer", "aluette-deal", ("dealer-and-lead",)),
    Rule("aluette.singing", N_("After the deal each player says whether he sings; only if all four sing are the "
                               "twelve cards dealt out, one at a time, to the player at the dealer's left and to "
                               "the dealer; otherwise they are set aside."),
         SEED, "seed 003: \"All four players must so agree to this (called 'singing')\"; \"one at a time, to "
               "the player at his left and himself\"",
         f"{GAME}.apply_call", "aluette-deal", ("singing",)),
    Rule("aluette.singing-order", N_("The players say whether they sing in turn, from the dealer's left; the first "
                                     "who does not sing ends the question."),
         OUR_READING, "the seed says only that it is \"briefly discussed amongst the players\"; [loisirs.savoir] "
                      "has each player say it in turn (rules.md §4.4: start at the dealer's left)",
         f"{GAME}.legal_calls", "aluette-deal", ("singing",)),
    Rule("aluette.discard", N_("The two players who received the sung cards each discard six face down, the "
                               "dealer's left first, to get back to nine cards."),
         SEED, "seed 003: \"the two players receiving these extra cards must then discard enough cards … back to "
               "nine total cards. These cards are discarded face-down\"",
         f"{GAME}.apply_call", "aluette-deal", ("singing",)),
    Rule("aluette.chant-partner", N_("Option: the sung cards go to the dealer's partner and the player at the "
                                     "dealer's left instead of the dealer."),
         "loisirs.savoir", "rules.md §4.4: \"dealer's partner and the player at dealer's left [loisirs.savoir] "
                           "[doczz]\"",
         f"{GAME}.recipients", "aluette-deal", ("option-chant", "singing"), option="chant_recipients"),
    Rule("aluette.first-lead", N_("The player at the dealer's left leads to the first trick."),
         SEED, "seed 003: \"The player to the immediate left of the dealer starts the first trick\"",
         f"{GAME}.start_play", "aluette-play", ("dealer-and-lead",)),
    Rule("aluette.phases", N_("No card is played before the singing, the discards and any surrender are over."),
         SEED, "seed 003: \"Once the cards have been dealt, play of the hand begins\" after the singing and "
               "discards",
         f"{GAME}.phase_refusal", "aluette-deal", ("singing",)),
    Rule("aluette.turn", N_("Each player plays one card to the trick in turn, clockwise."),
         SEED, "seed 003: \"Each other player then, in a clockwise direction adds one card\"",
         f"{BASE}.why_illegal", "aluette-play", ("classes",)),
    Rule("aluette.trick-winner", N_("The single card of the best class wins the trick, whatever its suit, and its "
                                    "player leads to the next."),
         SEED, "seed 003: \"Whichever player has played the highest card to the trick … is said to have won the "
               "trick\" and \"play any card … to start the next trick\"",
         f"{GAME}.trick_winner", "aluette-play", ("classes",)),
    Rule("aluette.spoiled-trick", N_("When two or more cards tie for the best class the trick is spoiled: nobody "
                                     "wins it, and the same player leads again."),
         SEED, "seed 003: \"If there is a tie for the highest card … that trick is said to be spoiled and no one "
               "wins that trick … the same player who had led to that trick plays the first card to the next\"",
         f"{BASE}.next_leader", "aluette-play", ("spoiled-trick", "spoil")),
    Rule("aluette.most-tricks", N_("Tricks count for each player, not for each side: the player with most tricks "
                                   "wins the hand and scores 1 point for his side."),
         SEED, "seed 003: \"Each player then totals the number of tricks he has won. The team of that individual "
               "player who won the most tricks then wins one game point\"",
         f"{GAME}.most_tricks", "aluette-counting", ("most-tricks", "most-tricks-skill")),
    Rule("aluette.first-to-reach", N_("When players tie for most tricks, the one who reached that number first "
                                      "wins the hand."),
         SEED, "seed 003: \"the partnership consisting of the first player to have reached that point score earns "
               "the point\"",
         f"{GAME}.most_tricks", "aluette-counting", ("most-tricks",)),
    Rule("aluette.all-spoiled", N_("When every trick of a hand was spoiled, nobody scores."),
         OUR_READING, "no source covers a hand in which nobody wins a trick; nobody has most tricks, so nobody "
                      "scores (rules.md §4.5)",
         f"{GAME}.score", "aluette-counting", ("hand-worth",)),
    Rule("aluette.mordienne", N_("A player who wins none of the first six tricks and all of the last three makes a "
                                 "mordienne: he wins the hand whatever the others took, for 2 points to his side."),
         SEED, "seed 003: \"If any individual player has not won any of the first 6 tricks, but manages to win the "
               "last three … earns his partnership two points\"",
         f"{GAME}.mordienne", "aluette-mordienne", ("mordienne", "play-mordienne")),
    Rule("aluette.settle", N_("A hand's points go on the match sheet to the side that won them: 1 for most tricks, "
                              "2 for a mordienne."),
         SEED, "seed 003: \"wins one game point\"; \"earns his partnership two points\"",
         f"{GAME}.settle", "aluette-match", ("hand-worth",)),
    Rule("aluette.match", N_("A match is exactly five hands: the side with more points after them wins."),
         SEED, "seed 003: \"Exactly five hands are dealt, and the partnership with the highest point score after "
               "these five hands … is declared the game winner\"",
         f"{GAME}.decided", "aluette-match", ("the-match",)),
    Rule("aluette.match-tie", N_("When the sides are level after five hands, more hands are played until one side "
                                 "is ahead."),
         OUR_READING, "a mordienne scores 2, so five hands can end level and no source says what then (rules.md "
                      "§4.5)",
         f"{GAME}.decided", "aluette-match", ("the-match",)),
    Rule("aluette.first-to-5", N_("Option: the match goes to the first side to reach 5 points."),
         "regles2jeux", "rules.md §4.5: \"French sources say the game goes to the first team to score 5 points "
                        "[regles2jeux] [entrepornic]\"",
         f"{GAME}.decided", "aluette-match", ("option-match", "the-match"), option="match"),
    Rule("aluette.surrender", N_("Option: before the first lead a side may offer to surrender, both partners "
                                 "agreeing; if the opponents accept, the hand is not played and they score 1."),
         SEED, "seed 003: \"a team … may offer to surrender the hand (both partners … must agree) … the team that "
               "accepted the surrender immediately scores one point\"",
         f"{GAME}.answer_surrender", "aluette-surrender", ("option-surrender", "hand-worth"), option="surrender"),
    Rule("aluette.surrender-order", N_("Surrender is offered before the first lead, the side of the player at the "
                                       "dealer's left first, each side at most once."),
         OUR_READING, "the seed gives no order; rules.md §4.4: \"each team may offer at most once, eldest's team "
                      "first\"",
         f"{GAME}.speaker", "aluette-surrender", ("option-surrender",)),
    Rule("aluette.surrender-refused", N_("A side that refuses a surrender must make a mordienne: if it does it "
                                         "scores 2, and on any other result the side that offered scores 2."),
         SEED, "seed 003: \"if they win (but not with mordienne) or do not win the hand at all, the team which "
               "originally offered the surrender … earns two points instead\"",
         f"{GAME}.score", "aluette-surrender", ("option-surrender", "mordienne", "hand-worth")),
    Rule("aluette.signals", N_("Option: partners show their good cards by set gestures: on his turn in play a player "
                               "signals a class he holds, once a hand; a signal never changes what is legal."),
         SEED, "seed 003: \"the game of Aluette features the use of signals\"; gestures [jeuxloisirs] [steve-p]; "
               "in turn and once a hand is our reading",
         f"{GAME}.legal_calls", "aluette-signals", ("option-signals",), option="signals"),
    Rule("aluette.calls", N_("A player speaks only when the game asks him: to sing, to discard, about a surrender "
                             "or to signal."),
         OUR_READING, "the seed names no other call; any other words are refused with the rule of the moment",
         f"{GAME}.call_refusal", "aluette-deal", ("singing",)),
)
