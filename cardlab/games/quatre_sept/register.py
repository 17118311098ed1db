"""Le Quatre Sept's rule register: every rule the lesson teaches and the engine plays, with its source
(pagat's page, seed 000, with the variants it reports from the Wikibooks *Boîte à Jeux* and from
*Jeux de Cartes Inédites*, and the decisions of ``shared/rules.md`` §1 and §5b), the code that
enforces it, the lesson section that teaches it and the concepts that make the learner do it.

Why: a refusal names one of these ids, tests name the ids they check, and the rule map is made
from this list (see :mod:`cardlab.games.register`)."""
from __future__ import annotations

from ...i18n import N_
from ..register import OUR_READING, SEED, Rule

GAME = "cardlab.games.quatre_sept.rules.QuatreSept"
BASE = "cardlab.rules.TrickGame"

RULES: tuple[Rule, ...] = (
    Rule("quatre_sept.pack", N_("Le Quatre Sept is played with the French pack of 32 cards, 7 to ace in four "
                                "suits."), SEED, 'seed 000: "A 32-card French suited pack is used."',
         f"{BASE}.deal_problem", "quatre_sept-pack", ("card-order",)),
    Rule("quatre_sept.card-order", N_("In every suit the cards rank 10, 9, ace, king, queen, jack, 8, 7, from "
                                      "strongest to weakest; there are no trumps."), SEED,
         'seed 000: "the cards of each suit rank from high to low: 10, 9, A, K, Q, J, 8, 7"',
         f"{GAME}.strength", "quatre_sept-pack", ("card-order",)),
    Rule("quatre_sept.card-values", N_("An ace counts 1 point; a 10, a 9, a king, a queen or a jack a third of "
                                       "a point; an 8 or a 7 nothing."), SEED,
         'seed 000: "1 point for each ace; 1 point for every three other cards apart from 8\'s and 7\'s"',
         f"{GAME}.card_points", "quatre_sept-points", ("points",)),
    Rule("quatre_sept.last-trick", N_("The side that wins the last trick scores 1 point more."), SEED,
         'seed 000: "1 extra point for the team that won the last trick"', f"{GAME}.score", "quatre_sept-points",
         ("last-trick", "win-last-trick")),
    Rule("quatre_sept.fraction-dropped", N_("Each side drops the fraction of its points at the end of the hand, "
                                            "so the two sides score 11 between them."), SEED,
         'seed 000: "any fractional points in each team\'s total are ignored, so the actual total of points '
         'scored is 11"', f"{GAME}.score", "quatre_sept-thirds", ("thirds",)),
    Rule("quatre_sept.partners", N_("Four players play in two sides of partners sitting opposite: North and "
                                    "South against East and West."), SEED,
         'seed 000: "There are four players in fixed partnerships. Partners sit opposite each other."',
         f"{BASE}.side_of", "quatre_sept-deal", ("points-on-partner",)),
    Rule("quatre_sept.first-dealer", N_("Each player draws a card: the highest, by the game's order (10 high), "
                                        "deals first; players tied for the highest draw again."), SEED,
         'seed 000: "The first dealer is chosen by drawing cards from the shuffled pack: whoever draws the highest '
         'card deals first."; rules.md §1.2: "compare by the game ranking, 10 high; redraw on equal ranks"',
         f"{GAME}.dealer_draw", "quatre_sept-deal", ("deal",)),
    Rule("quatre_sept.deal", N_("The dealer deals the whole pack in packets of 3, then 2, then 3 cards, "
                                "starting with the player on his left: 8 cards each."), SEED,
         'seed 000: "three cards to each player, then two cards each, then three cards each"; who gets the first '
         'packet is our reading (rules.md §1.2: "start at dealer\'s left")', f"{BASE}.deal_from",
         "quatre_sept-deal", ("deal",)),
    Rule("quatre_sept.next-dealer", N_("After each hand the deal passes to the left."), SEED,
         'seed 000: "The turn to deal passes to the left after each hand."', f"{BASE}.next_dealer",
         "quatre_sept-deal", ("deal",)),
    Rule("quatre_sept.first-lead", N_("The player on the dealer's left leads to the first trick."), SEED,
         'seed 000: "The player to dealer\'s left leads to the first trick"', f"{BASE}.first_leader",
         "quatre_sept-deal", ("deal",)),
    Rule("quatre_sept.turn", N_("Play turns to the left (clockwise): each player plays one card to the trick in "
                                "his turn."), SEED, 'seed 000: "Deal and play are clockwise."',
         f"{BASE}.why_illegal", "quatre_sept-deal", ("deal", "trick-winner")),
    Rule("quatre_sept.lead-any", N_("The player who leads a trick may play any card."), SEED,
         'seed 000: "Any card may be led."', f"{BASE}.legal_cards", "quatre_sept-deal", ("follow-suit",)),
    Rule("quatre_sept.follow-suit", N_("The others must follow suit if they can, with any card of that suit: "
                                       "nobody has to beat the card on the table. A player with none of that "
                                       "suit may play any card."), SEED,
         'seed 000: "The other players must follow suit … A player who has no card of the suit led may play any '
         'card."', f"{BASE}.legal_cards", "quatre_sept-deal", ("follow-suit",)),
    Rule("quatre_sept.trick-winner", N_("The highest card of the suit led wins the trick; there are no trumps."),
         SEED, 'seed 000: "Each trick is won by the highest card of the suit led."', f"{BASE}.trick_winner",
         "quatre_sept-deal", ("trick-winner",)),
    Rule("quatre_sept.next-lead", N_("The winner of a trick leads to the next one."), SEED,
         'seed 000: "the winner of each trick leads to the next"', f"{BASE}.next_leader", "quatre_sept-deal",
         ("trick-winner", "keep-the-master")),
    Rule("quatre_sept.four-sevens", N_("A player dealt all four sevens wins the match for his side at once, before "
                                       "a card is played."), SEED,
         'seed 000: "If any player has all four sevens, that player\'s team immediately wins the whole game."',
         f"{GAME}.after_deal", "quatre_sept-four-sevens", ("match",)),
    Rule("quatre_sept.politaine", N_("A player holding the 10, 9 and ace of one suit (a politaine) who declares "
                                     "it and wins three tricks in a row with those three cards, in any order, "
                                     "scores 11 more for his side; not declared, or not in a row, it scores "
                                     "nothing."), SEED,
         'seed 000: "If any player has the top three cards of a suit (10, 9 and ace), and manages to use them to '
         'win three consecutive tricks, the player\'s team scores a bonus of 11 points."',
         f"{GAME}.politaine_won", "quatre_sept-politaine", ("politaine", "play-for-politaine")),
    Rule("quatre_sept.politaine-first-card", N_("A politaine is declared as its first card is played, and the "
                                                "card played then must be one of its three."), SEED,
         'seed 000: "should be announced when the player plays the first of the three cards"; that the card must '
         "then be one of the three is our reading of those words", f"{GAME}.legal_calls", "quatre_sept-politaine",
         ("politaine",)),
    Rule("quatre_sept.calls", N_("Apart from declaring a politaine, a player says nothing, except the calls of "
                                 "the variants in play."), OUR_READING,
         "the seed names no other call than the politaine's announcement and those of its variants",
         f"{GAME}.call_refusal", "quatre_sept-variants", ("politaine", "variants")),
    Rule("quatre_sept.hand-score", N_("After the hand each side adds the points it scored, politaines included, to "
                                      "its total on the match sheet."), SEED,
         'seed 000: "Each team adds its score to its running total."', f"{BASE}.settle", "quatre_sept-match",
         ("match",)),
    Rule("quatre_sept.match-end", N_("When a side has 31 points or more after a hand, the higher total wins the "
                                     "match; if both totals are equal, another hand is dealt."), SEED,
         'seed 000: "When either team\'s score reaches 31 or more, the team with the higher score wins. In case '
         'of a tie (33 points each), another deal is played to decide the winners."',
         f"{GAME}.match_winner", "quatre_sept-match", ("match",)),
    Rule("quatre_sept.target", N_("The match target may be 31 points (pagat), 33 or 150 (Wikibooks) or 200 "
                                  "(Jeux de Cartes Inédites)."), SEED,
         'seed 000: "The game ends when a team has a score of 33 points or more … until one team reaches 150" and '
         '"A target score of 200 points is suggested"', f"{GAME}.target", "quatre_sept-variants", ("variants",),
         option="target"),
    Rule("quatre_sept.announcements", N_("Where a variant has calls before the first lead (a redeal, or a "
                                         "politaine declared before the first lead), the players with something "
                                         "to say are asked in turn from the dealer's left; each may speak or "
                                         "pass, and no card is led until they are done."), OUR_READING,
         "the seed gives these calls no order; asking in the order of play, from the first leader, is how a "
         "table speaks before play", f"{GAME}.phase_refusal", "quatre_sept-variants", ("politaine", "variants"),
         option="politaine_announce"),
    Rule("quatre_sept.politaine-before-lead", N_("In the Jeux de Cartes Inédites variant a politaine must be "
                                                 "declared before the first lead."), "JdCI",
         'seed 000: "In order to score for a politaine, it must be announced at the start of the play, before '
         'the first lead."', f"{GAME}.legal_calls", "quatre_sept-variants", ("politaine", "variants"),
         option="politaine_announce"),
    Rule("quatre_sept.redeal", N_("In the Wikibooks variant a player dealt no 10, no 9 and no ace may demand a "
                                  "redeal before the first lead; the same dealer deals again."), SEED,
         'seed 000: "Any player who is dealt a hand with no 10\'s, no 9\'s and no aces can demand a redeal before '
         'the first card is led."', f"{GAME}.apply_call", "quatre_sept-variants", ("variants",),
         option="redeal_no_high_cards"),
    Rule("quatre_sept.signals", N_("In the Wikibooks variant a player may tap as he plays a card (partner, lead "
                                   "this suit) or slide it (lead the other suit of the same colour), once a "
                                   "trick; signals never change which cards may be played."), SEED,
         'seed 000: "When playing a card, a player may tap the table … Sliding a card onto the table is a signal '
         'that one holds good cards in the other suit of the same colour"', f"{GAME}.legal_calls",
         "quatre_sept-variants", ("variants",), option="signals"),
    Rule("quatre_sept.low-lead", N_("In the Jeux de Cartes Inédites variant, the winner of a trick worth less "
                                    "than a point must lead a card of the lowest rank he holds, in any suit."),
         "JdCI", 'seed 000: "If a trick is worth less than one whole point, the winner must lead his or her '
                 'lowest card to the next trick"', f"{GAME}.low_lead_due", "quatre_sept-low-lead",
         ("variants", "play-for-politaine"), option="low_lead_rule"),
    Rule("quatre_sept.low-lead-first-trick", N_("Another reading of the low-lead rule applies it after the first "
                                                "trick only."), OUR_READING,
         'rules.md §1.5: "the French blog introduces this rule with a phrase about the first round, which could '
         'mean only trick 1 [JdCI]"', f"{GAME}.low_lead_due", "quatre_sept-low-lead", ("variants",),
         option="low_lead_only_first_trick"),
)
