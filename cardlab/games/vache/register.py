"""The rule register of La Vache (see :mod:`cardlab.games.register`): every rule of the Vache
variant of seed 003, rules.md §4.6 and §5b, as the engine plays it, with where it comes from, what
enforces it, where the lesson teaches it and what the learner does to practise it."""
from __future__ import annotations

from ...i18n import N_
from ..register import OUR_READING, SEED, Rule

GAME = "cardlab.games.vache.rules.Vache"
BASE = "cardlab.rules.TrickGame"

RULES: tuple[Rule, ...] = (
    Rule("vache.pack", N_("The same 48-card Spanish pack as Aluette."),
         SEED, "seed 003: \"using the same 48 card deck as used for Aluette\"",
         f"{BASE}.deal_problem", "vache-rules", ("card-order",)),
    Rule("vache.players", N_("Three, four or five players, each playing for himself."),
         SEED, "seed 003: \"designed for play by three, four or five players each playing independently\"",
         f"{GAME}.__init__", "vache-rules", ("option-players", "most-tricks"), option="players"),
    Rule("vache.ranking", N_("The cards rank ace, 2, 3 … 9, jack, knight, king, from high to low, whatever the "
                             "suit: the king is the lowest card, and cards of one rank tie."),
         SEED, "seed 003: \"from high to low; Ace, 2, 3, 4, 5, 6, 7, 8, 9, Jack, Knight, King\"",
         f"{GAME}.strength", "vache-rules", ("card-order",)),
    Rule("vache.draw", N_("Before the first hand each player draws a card from the shuffled pack."),
         SEED, "seed 003: \"each player draws a card from the shuffled face-down deck\"",
         "cardlab.games.vache.rules.seating_draw", "vache-draw", ("the-draw",)),
    Rule("vache.draw-ties", N_("Players who drew cards of one rank set them aside and draw again, until every "
                               "rank drawn differs."),
         SEED, "seed 003: \"If any two or more players draw cards of the same denomination, those cards should be "
               "set aside, and those players draw replacement cards\"",
         "cardlab.games.vache.rules.seating_draw", "vache-draw", ("the-draw",)),
    Rule("vache.seating", N_("The players take their seats in the order of the cards drawn, from the highest: the "
                             "highest card takes the dealer's chair, the next sits at his right, and so on round "
                             "the table."),
         OUR_READING, "seed 003: \"take seats at the table in order of cards drawn (from highest to lowest)\" without "
                      "saying which way; we follow the way of the deal and the play, to the right",
         "cardlab.games.vache.rules.seating_draw", "vache-draw", ("the-draw",)),
    Rule("vache.first-dealer", N_("The player who drew the highest card deals the first hand."),
         SEED, "seed 003: \"the player drawing the highest card of all set as the first dealer\"",
         f"{GAME}.dealer_draw", "vache-draw", ("the-draw",)),
    Rule("vache.next-dealer", N_("After each hand the deal passes to the right (counter-clockwise)."),
         SEED, "seed 003: \"After each hand the deal rotates in a counter-clockwise direction\"",
         f"{BASE}.next_dealer", "vache-rules", ("the-deal",)),
    Rule("vache.deal", N_("The dealer deals one card at a time, to the right from the player at his right, until "
                          "each player has nine; the rest is set aside."),
         SEED, "seed 003: \"distributing the cards one-by-one and face-down, starting to the player at his right … "
               "until each player has a total of nine cards. He then sets the remaining cards … aside\"",
         f"{BASE}.deal_problem", "vache-rules", ("the-deal",)),
    Rule("vache.first-lead", N_("The player at the dealer's right leads to the first trick."),
         SEED, "seed 003: \"The player to the immediate right of the dealer leads the first card\"",
         f"{BASE}.first_leader", "vache-rules", ("the-deal",)),
    Rule("vache.turn", N_("Each player plays one card to the trick in turn, to the right (counter-clockwise)."),
         SEED, "seed 003: \"Each other player in turn, in a counter-clockwise direction then also plays one card\"",
         f"{BASE}.why_illegal", "vache-rules", ("classes",)),
    Rule("vache.any-card", N_("Any card may be led or played at any time: suits do not matter."),
         SEED, "seed 003: \"each player (including the leader to that trick) may play any card of choice\"",
         f"{GAME}.legal_cards", "vache-rules", ("classes",)),
    Rule("vache.trick-winner", N_("The single highest card wins the trick, whatever its suit, and its player leads "
                                  "to the next."),
         SEED, "seed 003: \"The player who played the highest ranked card (regardless of suit) is the winner … that "
               "player leads the first card to the next trick\"",
         f"{GAME}.trick_winner", "vache-play", ("classes",)),
    Rule("vache.tied-trick", N_("When the highest rank is tied nobody wins the trick yet: the same player leads "
                                "again, and the next player to win a trick outright takes the tied tricks too."),
         SEED, "seed 003: \"that trick is won by none of the players … The same player who led to the last trick "
               "leads again … the winner of this next trick wins both tricks\"",
         f"{GAME}.takers", "vache-play", ("tied-trick", "tie-the-trick")),
    Rule("vache.last-tied", N_("If the last trick is tied, it goes, with any tricks waiting before it, to the "
                               "player who took the first trick."),
         SEED, "seed 003: \"If the last trick of the hand is tied … the winner of the first trick in that hand "
               "wins that trick\"",
         f"{GAME}.takers", "vache-play", ("tied-trick",)),
    Rule("vache.all-tied", N_("If no trick is won outright in the whole hand, nobody takes any trick."),
         OUR_READING, "the seed gives the tied last trick to the winner of the first trick, and there is none; no "
                      "source covers it",
         f"{GAME}.takers", "vache-play", ("tied-trick",)),
    Rule("vache.most-tricks", N_("The player who took most tricks wins the hand; a tie for most is a tie, won by "
                                 "nobody."),
         SEED, "seed 003: \"the player who managed to win the most total tricks in that hand is declared the "
               "winner. If two or more players tie for most tricks, the hand is said to be a tie\"",
         f"{GAME}.score", "vache-play", ("most-tricks", "keep-the-master", "lead-the-master", "take-cheaply", "count")),
    Rule("vache.settle", N_("A hand won counts one hand won on the match sheet for its winner; a tied hand counts "
                            "for nobody."),
         SEED, "seed 003: \"declaring the player to have won the most games during that session to be the overall "
               "winner\"",
         f"{GAME}.settle", "vache-play", ("hand-worth",)),
    Rule("vache.match", N_("A session lasts until each player has dealt once; the player who won most hands wins "
                           "it."),
         OUR_READING, "seed 003: \"a game session can also be scored by declaring the player to have won the most "
                      "games during that session\"; it gives no length, so each player deals once",
         f"{GAME}.decided", "vache-play", ("the-match",)),
    Rule("vache.match-level", N_("When several players are level at the top of the session, more hands are played "
                                 "until one leads alone."),
         OUR_READING, "no source covers a level session; one more hand at a time ends it",
         f"{GAME}.decided", "vache-play", ("the-match",)),
    Rule("vache.one-hand", N_("Option: each hand is a game of its own; its winner wins, and a tied hand is dealt "
                              "again."),
         SEED, "seed 003: \"Each hand is considered an independent game\"",
         f"{GAME}.decided", "vache-play", ("option-match", "the-match"), option="match"),
    Rule("vache.calls", N_("La Vache has no calls: every action is a card played."),
         SEED, "seed 003 names nothing but cards played: \"each player … may play any card of choice from his hand\"",
         f"{GAME}.call_refusal", "vache-rules", ("classes",)),
)
