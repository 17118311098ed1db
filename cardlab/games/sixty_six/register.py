"""The rule register of Quatre Mains Soixante-Six (see :mod:`cardlab.games.register`): every rule
the seed, rules.md §3 and the engine agree on, with where it comes from, what enforces it, where the
lesson teaches it and what the learner does to practise it."""
from __future__ import annotations

from ...i18n import N_
from ..register import OUR_READING, SEED, Rule

GAME = "cardlab.games.sixty_six.rules.SixtySix"
BASE = "cardlab.rules.TrickGame"

RULES: tuple[Rule, ...] = (
    Rule("sixty_six.pack", N_("A 32-card pack: ace, 10, king, queen, jack, 9, 8 and 7 of each suit."),
         SEED, "seed 002, Le Paquet: \"Les A, 10, K, Q, J, 9, 8, 7 de chaque combinaison\"",
         f"{BASE}.deal_problem", "sixty_six-pack", ("card-order",)),
    Rule("sixty_six.card-order", N_("In every suit, trumps included, the cards rank A, 10, K, Q, J, 9, 8, 7."),
         SEED, "seed 002, Classement des cartes: \"A (haut), 10, K, Q, J, 9,8,7\"",
         f"{GAME}.strength", "sixty_six-pack", ("card-order",)),
    Rule("sixty_six.card-values", N_("Cards taken in tricks count: ace 11, ten 10, king 4, queen 3, jack 2; "
                                     "9s, 8s and 7s nothing."),
         SEED, "seed 002, Objectif du Jeu: \"Chaque as 11 … Chaque valet 2\" (\"pris sur des figures\" is a "
               "mistranslation of \"taken in tricks\", rules.md §3.1)",
         f"{GAME}.card_points", "sixty_six-count", ("points", "sixty-six")),
    Rule("sixty_six.last-trick", N_("The side that wins the last trick adds 10: 130 in every hand."),
         SEED, "seed 002: \"Gagner le dernier tour 10\"; Foster: 120 + 10 = 130",
         f"{BASE}.running_points", "sixty_six-count", ("last-trick", "win-last-trick")),
    Rule("sixty_six.partners", N_("Four players in two sides, partners opposite: North and South against East "
                                  "and West."),
         "Foster", "rules.md §3.2: \"Partners opposite (N+S vs E+W) [Foster]\"",
         f"{BASE}.side_of", "sixty_six-deal", ("points-on-partner", "deal")),
    Rule("sixty_six.deal", N_("The dealer deals clockwise, 3 cards, then 2, then 3, from the player on his "
                              "left: 8 cards each, the whole pack."),
         SEED, "seed 002, Le Deal: \"Huit cartes … par paquets de trois, puis deux, puis trois, en commençant "
               "par le joueur sur la gauche du donneur\"",
         f"{BASE}.deal_problem", "sixty_six-deal", ("deal",)),
    Rule("sixty_six.turned-trump", N_("The dealer's last card is turned face up: its suit is trumps, and it stays "
                                      "the dealer's own card, never exchanged."),
         SEED, "seed 002: \"La dernière carte est tournée pour l'atout et appartient au croupier\"; Foster: it "
               "cannot be exchanged",
         f"{GAME}.deal_problem", "sixty_six-deal", ("deal", "must-trump")),
    Rule("sixty_six.first-lead", N_("The player on the dealer's left leads to the first trick."),
         SEED, "seed 002, Le Jeu: \"Le joueur qui se trouve sur la gauche du donneur mène\"",
         f"{BASE}.first_leader", "sixty_six-deal", ("deal",)),
    Rule("sixty_six.next-dealer", N_("The deal passes to the left: the next dealer is the player who led first."),
         OUR_READING, "the seed says only that everything turns clockwise; rules.md §3.2: \"Recommendation: the deal "
                      "passes to the left\"",
         f"{BASE}.next_dealer", "sixty_six-deal", ("deal",)),
    Rule("sixty_six.turn", N_("Each player plays one card in turn, clockwise; the winner of a trick leads to the "
                              "next."),
         SEED, "seed 002, Le Jeu: \"chaque joueur suivant à son tour\"; rules.md §3.2: \"winner of each trick "
               "leads\"",
         f"{BASE}.after_trick", "sixty_six-deal", ("trick-winner", "lead-the-master")),
    Rule("sixty_six.follow-suit", N_("A player who holds a card of the suit led must play one."),
         SEED, "seed 002: \"doit non seulement suivre le mouvement\"",
         f"{GAME}.legal_cards", "sixty_six-play", ("must-win",)),
    Rule("sixty_six.must-win", N_("Following suit, a player must beat the best card of the trick if he can, even "
                                  "his partner's; once a plain suit led is trumped, any card of it will do."),
         SEED, "seed 002: \"mais doit gagner le tour si possible\"; Foster and Bicycle-old: even over a partner",
         f"{GAME}.legal_cards", "sixty_six-play", ("must-win",)),
    Rule("sixty_six.must-trump", N_("A player with no card of the suit led must trump if he can."),
         SEED, "seed 002: \"Si le joueur ne peut pas suivre, il doit battre … s'il le peut\"",
         f"{GAME}.legal_cards", "sixty_six-play", ("must-trump", "trump-in-time")),
    Rule("sixty_six.over-trump", N_("If a trump is already in the trick, a player who cannot follow must play a "
                                    "higher trump if he can, even over his partner."),
         SEED, "seed 002: \"il doit battre ou dépasser le précédent atout s'il le peut\"",
         f"{GAME}.legal_cards", "sixty_six-play", ("must-trump", "trump-in-time")),
    Rule("sixty_six.any-card", N_("A player who can neither follow, nor trump, nor over-trump may play any card: "
                                  "he need not play a lower trump."),
         SEED, "seed 002 and Foster oblige only \"s'il le peut\" (if he can); rules.md §3.3 \"must_undertrump = "
               "False\"",
         f"{GAME}.legal_cards", "sixty_six-play", ("must-trump",)),
    Rule("sixty_six.trick-winner", N_("The highest trump wins the trick; without a trump, the highest card of the "
                                      "suit led."),
         SEED, "rules.md §3.3: \"Trick winner: highest trump, else highest card of L\"",
         f"{GAME}.beats", "sixty_six-play", ("trick-winner",)),
    Rule("sixty_six.calls", N_("There is nothing to say: no stock to draw from or close, no 9 of trumps to "
                               "exchange, no marriage and no announcing 66; every hand is played to the last "
                               "trick."),
         "Bicycle-old", "rules.md §3.4 and SS-a: the older page has no stock paragraphs and uses no marriages; "
                        "Foster: without a stock there can be no closing",
         f"{BASE}.call_refusal", "sixty_six-no-stock", ("deal", "sixty-six")),
    Rule("sixty_six.hand-award", N_("A side that takes all eight tricks scores 3 game points; otherwise 100 card "
                                    "points or more score 2, and 66 or more score 1."),
         SEED, "seed 002: \"66 ou plus, mais moins de 100, marque 1 … plus de 100 … 2 … tous les tours (130) … 3\"",
         f"{GAME}.game_points", "sixty_six-score", ("sixty-six", "settle")),
    Rule("sixty_six.exactly-100", N_("Exactly 100 card points score 2 game points."),
         OUR_READING, "the seed gives \"moins de 100\" for 1 and \"plus de 100\" for 2, leaving 100 itself out "
                      "(rules.md SS-c)",
         f"{GAME}.game_points", "sixty_six-score", ("settle",)),
    Rule("sixty_six.all-tricks", N_("A count of 130 card points without every trick scores 2, not 3: the 3 "
                                    "are for taking every trick."),
         "Foster", "rules.md §3.5: \"130 points without all tricks … → 2, not 3 [Foster]\"",
         f"{GAME}.score", "sixty_six-score", ("settle",)),
    Rule("sixty_six.65-65", N_("At 65–65 nobody scores, and 1 game point goes to the side that wins the next "
                               "hand."),
         SEED, "seed 002: \"Si chaque camp a 65 points, soit aucun et 1 point de jeu est ajouté au score des "
               "gagnants de la prochaine main\"",
         f"{GAME}.settle", "sixty_six-score", ("settle", "match")),
    Rule("sixty_six.carried-add-up", N_("Points carried from successive 65–65 hands add up, and the next hand's "
                                        "winner takes them all."),
         OUR_READING, "the seed speaks of one 65–65 hand; rules.md §3.5: \"carries accumulate if consecutive 65–65 "
                      "deals occur\"",
         f"{GAME}.settle", "sixty_six-score", ("match",)),
    Rule("sixty_six.match", N_("The first side to reach 7 game points wins the match."),
         SEED, "seed 002: \"Le camp qui marque 7 points de jeu en premier gagne\"",
         f"{GAME}.match_winner", "sixty_six-match", ("match",)),
    Rule("sixty_six.undertrump", N_("Option: a player who cannot follow and cannot over-trump must still play a "
                                    "trump if he has one."),
         OUR_READING, "rules.md §3.3 offers it as an option: the sources oblige only \"if he can\"",
         f"{GAME}.legal_cards", "sixty_six-variants", ("variants",), option="must_undertrump"),
    Rule("sixty_six.ten-of-trumps", N_("Option: the side that wins the 10 of trumps in a trick scores 1 more game "
                                       "point, and a side on 6 that wins it wins the match at once."),
         "Bicycle-old", "rules.md §3.4: a local rule of the older Bicycle page; Foster calls it foreign to the game",
         f"{GAME}.instant_winner", "sixty_six-variants", ("variants",), option="ten_of_trumps_bonus"),
)
