"""Tressette's rule register: every rule the lesson teaches and the engine plays, with its source
(the VIP Games page, seed 004, and the decisions of ``shared/rules.md`` §5 and §5b), the code that
enforces it, the lesson section that teaches it and the concepts that make the learner do it.

Why: a refusal names one of these ids, tests name the ids they check, and the rule map is made
from this list (see :mod:`cardlab.games.register`)."""
from __future__ import annotations

from ...i18n import N_
from ..register import OUR_READING, SEED, Rule

GAME = "cardlab.games.tressette.rules.Tressette"
BASE = "cardlab.rules.TrickGame"

RULES: tuple[Rule, ...] = (
    Rule("tressette.pack", N_("Tressette is played with the Italian pack of 40 cards: coins, cups, swords "
                              "and batons, ten cards each."), SEED,
         'seed 004: "Italian deck with 40 cards in it, with cards grouped in four suits"',
         f"{BASE}.deal_problem", "tressette-pack", ("card-order",)),
    Rule("tressette.card-order", N_("In every suit the cards rank 3, 2, ace, king, knight, jack, 7, 6, 5, 4, "
                                    "from strongest to weakest."), SEED,
         'seed 004: "the cards in each suit are as follows: 3, 2, 1, King, Knight, Jack, 7, 6, 5, 4"',
         f"{GAME}.strength", "tressette-ranking", ("card-order",)),
    Rule("tressette.card-values", N_("An ace counts 1 point; a 3, a 2, a king, a knight or a jack a third of a "
                                     "point; a 7, 6, 5 or 4 nothing."), "giochistars",
         'rules.md §5.1: "Ace 1; 3, 2, King, Knight, Jack 1/3 each; 7, 6, 5, 4 0" (the seed\'s table is '
         'missing)', f"{GAME}.card_points", "tressette-points", ("points",)),
    Rule("tressette.last-trick", N_("The side that wins the last trick scores 1 point more."), SEED,
         'seed 004: "The winner of the last trick scores 1 point."', f"{GAME}.score", "tressette-points",
         ("last-trick", "win-last-trick")),
    Rule("tressette.fraction-dropped", N_("Each side drops the fraction of its points at the end of the hand, "
                                          "so the two sides score 11 between them."), "giochistars",
         'rules.md §5.6 TR-b: "Floor. Rounding to nearest would make the two teams\' totals 11 or 12"; seed: '
         '"Fractions are disregarded in scoring"', f"{GAME}.score", "tressette-thirds", ("thirds",)),
    Rule("tressette.partners", N_("Four players play in two sides of partners sitting opposite: North and South "
                                  "against East and West."), SEED,
         'seed 004: "played by 4 players"; rules.md §5.2: "Four players, partners opposite"',
         f"{BASE}.side_of", "tressette-deal", ("points-on-partner",)),
    Rule("tressette.first-dealer", N_("North deals the first hand of a match."), OUR_READING,
         "the seed does not say how the first dealer is chosen; the table needs one, so the first seat deals",
         f"{BASE}.dealer_draw", "tressette-deal", ("deal",)),
    Rule("tressette.deal", N_("The dealer gives 5 cards to each player, then 5 more, turning to the right from "
                              "the player on his right: the whole pack, 10 cards each."), SEED,
         'seed 004: "the dealer gives 5 cards twice to each player in counter-clockwise order"',
         f"{BASE}.deal_from", "tressette-deal", ("deal",)),
    Rule("tressette.next-dealer", N_("After each hand the deal passes to the right."), "reglesdejeux-tressette",
         'rules.md §5.2: "the deal passes to the right [reglesdejeux-tressette] [ludopoli]"',
         f"{BASE}.next_dealer", "tressette-deal", ("deal",)),
    Rule("tressette.first-lead", N_("The player on the dealer's right leads to the first trick."), SEED,
         'seed 004: "For the first trick, the first card is played by the player on the right of the dealer."',
         f"{GAME}.first_leader", "tressette-deal", ("deal",)),
    Rule("tressette.turn", N_("Play turns to the right (counter-clockwise): each player plays one card to the "
                              "trick in his turn."), SEED,
         'seed 004: "Players place cards on the table in counter-clockwise direction."',
         f"{BASE}.why_illegal", "tressette-deal", ("deal", "trick-winner")),
    Rule("tressette.lead-any", N_("The player who leads a trick may play any card; its suit is the suit of the "
                                  "trick."), SEED,
         'seed 004: "The player who starts the trick can play any card. The suit of this card is the required '
         'suit for the trick."', f"{BASE}.legal_cards", "tressette-play", ("follow-suit",)),
    Rule("tressette.follow-suit", N_("The others must follow suit if they can, with any card of that suit: "
                                     "nobody has to beat the card on the table. A player with none of that suit "
                                     "may play any card."), SEED,
         'seed 004: "The other players should play a card from the required suit. Players who have no cards '
         'from the required suit can play any other card."', f"{BASE}.legal_cards", "tressette-play",
         ("follow-suit",)),
    Rule("tressette.trick-winner", N_("The highest card of the suit led wins the trick; there are no trumps."),
         SEED, 'seed 004: "A trick is won by the player who played the strongest card from the required suit."',
         f"{BASE}.trick_winner", "tressette-play", ("trick-winner",)),
    Rule("tressette.next-lead", N_("The winner of a trick leads to the next one."), SEED,
         'seed 004: "For the next tricks, the first card is played by the player who won the previous trick."',
         f"{BASE}.next_leader", "tressette-play", ("trick-winner", "keep-the-master")),
    Rule("tressette.hand-score", N_("After the hand each side adds the points it scored to its total on the "
                                    "match sheet; there is no winner of the hand."), SEED,
         'seed 004: "There is no winning party for the round, all parties score the points they won."',
         f"{BASE}.settle", "tressette-match", ("match",)),
    Rule("tressette.target", N_("The match is played to 21 points."), SEED,
         'seed 004: "One of the parties reaches the win score set for the session (for example 21)"',
         f"{GAME}.target", "tressette-match", ("match",)),
    Rule("tressette.match-end", N_("After a hand, a side that alone has reached the target wins the match; if "
                                   "both have, the higher total wins; if both are level, the side that won the "
                                   "last trick of that hand wins."), SEED,
         'seed 004: "When both parties reach the winning score and have an equal number of points, the winner '
         'is the party that won the last trick."', f"{GAME}.match_winner", "tressette-match", ("match",)),
    Rule("tressette.calls", N_("Tressette is played in silence: a player may say nothing but the declarations "
                               "and the signals, and only when those options are played."), "Treccani",
         'rules.md §5.4: signals are the only talk allowed, "only the player leading a trick may use them '
         '[Treccani]"', f"{GAME}.call_refusal", "tressette-signals", ("variants",)),
    Rule("tressette.declarations", N_("With the declarations option, the 3, 2 and ace of one suit (the "
                                      "napoletana) score 3, three 3s, three 2s or three aces score 3, and all "
                                      "four of them score 4, for the holder's side."), SEED,
         'seed 004: "Three 1, 2, or 3 cards: 3 points. Four 1, 2, or 3 cards: 4 points. Napoletana (1, 2, and 3 '
         'from the same suit): 3 points."', f"{GAME}.combinations", "tressette-declarations",
         ("declarations",), option="declarations"),
    Rule("tressette.declare-first-trick", N_("Declarations belong to the first trick and are scored at once: "
                                             "by default, when a player comes to his first card, every "
                                             "combination he holds is announced for him before that card."),
         SEED, 'seed 004: "the combinations that the players have are announced automatically during the first '
               'trick"; rules.md §5b', f"{GAME}.forced_calls", "tressette-declarations", ("declarations",),
         option="declarations"),
    Rule("tressette.declare-by-hand", N_("With declarations made by hand, each player declares his combinations "
                                         "himself during the first trick, before his card; what he does not "
                                         "declare is lost."), "Treccani",
         'rules.md §5b: "Option declare: \\"by hand\\" … the player must declare during the first trick or lose '
         'it, as played in many Italian circles"', f"{GAME}.legal_calls", "tressette-declarations",
         ("declarations",), option="declare"),
    Rule("tressette.shared-card", N_("One card may count in two declarations, such as the ace of coins in a "
                                     "napoletana of coins and in three aces."), OUR_READING,
         'rules.md §5.6 TR-d: the sources allow "several declarations" by one player and say nothing against '
         "sharing a card, so each combination is scored on its own", f"{GAME}.combinations",
         "tressette-declarations", ("declarations",), option="declarations"),
    Rule("tressette.declarations-target", N_("With declarations the match is played to 31 points."), "Treccani",
         'rules.md §5.5: "Target: 21 without declarations; usually 31 (or 41/51) with declarations [Treccani] '
         '[ludopoli]"', f"{GAME}.target", "tressette-declarations", ("declarations",), option="declarations"),
    Rule("tressette.target-option", N_("The match target may be set to 21, 31, 41 or 51 points."), "ludopoli",
         'rules.md §5.5: "usually 31 (or 41/51) with declarations [Treccani] [ludopoli]"', f"{GAME}.target",
         "tressette-variants", ("variants",), option="target"),
    Rule("tressette.four-of-coins", N_("With this option the holder of the 4 of coins leads to the first trick "
                                       "instead of the player on the dealer's right."), "biska",
         'rules.md §5.2: "Variant: the holder of the 4 of Coins leads the first trick [biska] [tresette.it]"',
         f"{GAME}.first_leader", "tressette-variants", ("deal", "variants"), option="first_lead"),
    Rule("tressette.signals", N_("With the signals option, only the player leading a trick may signal, once, as "
                                 "he leads: busso (play your best in this suit), volo (that was my last card of "
                                 "this suit) or striscio; signals never change which cards may be played."),
         "Treccani", 'rules.md §5.4: "only the player leading a trick may use them [Treccani]" … "No effect on '
                     'legality."', f"{GAME}.legal_calls", "tressette-signals", ("variants",), option="signals"),
    Rule("tressette.striscio", N_("Striscio means \"I hold more of this suit\"."), OUR_READING,
         'rules.md §5.4: "striscio (slide; meaning not confirmed in what I could read)": the sources name it '
         "without its meaning, so the kit uses one reading everywhere", f"{GAME}.describe_call",
         "tressette-signals", ("variants",), option="signals"),
)
