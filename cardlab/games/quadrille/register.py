"""The rule register of Quadrille (see :mod:`cardlab.games.register`): every rule of seed 001, its
laws and rules.md §2 and §5b as the engine plays them, with where it comes from, what enforces it,
where the lesson teaches it and what the learner does to practise it.  The lesson's table of laws
names these ids."""
from __future__ import annotations

from ...i18n import N_
from ..register import OUR_READING, SEED, Rule

GAME = "cardlab.games.quadrille.rules.Quadrille"
MODULE = "cardlab.games.quadrille.rules"
SETTLE = "cardlab.games.quadrille.settlement"
BASE = "cardlab.rules.TrickGame"

PLAY_RULES: tuple[Rule, ...] = (
    Rule("quadrille.pack", N_("A 40-card pack: a French pack without its 8s, 9s and 10s."),
         SEED, "seed 001: \"A 40-card pack is used\"", f"{BASE}.deal_problem", "quadrille-pack", ("trump-order",)),
    Rule("quadrille.plain-order", N_("Outside trumps, black suits rank K Q J 7 6 5 4 3 2 and red suits K Q J A 2 3 "
                                     "4 5 6 7."),
         "Parlett-Penguin", "rules.md §2.1 and QD-b: the seed's red \"A K Q J 2 …\" is a misprint; every source puts "
                            "the red ace between the jack and the two",
         f"{GAME}.strength", "quadrille-pack", ("trump-order",)),
    Rule("quadrille.trump-order", N_("Trumps rank Spadille (ace of spades), Manille (2 of black trumps, 7 of red "
                                     "ones), Basto (ace of clubs), then Punto (the ace of red trumps), K, Q, J and "
                                     "the rest."),
         SEED, "seed 001: \"1. Spadille, A 2. Manille, the nominally lowest trump 3. Basto\"; Punto \"the fourth "
               "highest trump\"",
         f"{MODULE}.trump_order", "quadrille-trumps", ("trump-order", "trick-winner")),
    Rule("quadrille.black-aces", N_("Spadille and Basto are trumps whatever suit is trumps: they never count as "
                                    "spades or clubs."),
         "Chambers", "rules.md §2.1: \"Spadille … and Basto … never belong to their printed suit while a deal is "
                     "played [Chambers] [Parlett-Penguin]\"",
         f"{GAME}.suit_of", "quadrille-trumps", ("trump-order", "follow-suit")),
    Rule("quadrille.matadors", N_("Spadille, Manille and Basto are the matadors; Punto is not one."),
         SEED, "seed 001: \"They are called 'matadors'\"; Punto \"is not considered a matador\"",
         f"{MODULE}.matadors", "quadrille-trumps", ("matador-renege", "trump-order")),
    Rule("quadrille.direction", N_("The deal, the auction and the play all go to the right (counter-clockwise)."),
         SEED, "seed 001: \"The turn to deal and play passes always to the right\"",
         f"{BASE}.play_order", "quadrille-deal", ("deal", "auction")),
    Rule("quadrille.deal", N_("Each player is dealt ten cards in packets of 3, 3 and 4, starting on the dealer's "
                              "right; the whole pack is dealt."),
         SEED, "seed 001: \"Players receive 10 cards dealt in two batches of 3s and one of 4\"; laws 1–3",
         f"{BASE}.deal_problem", "quadrille-deal", ("deal",)),
    Rule("quadrille.next-dealer", N_("The deal passes to the right: the next dealer is the eldest hand of this "
                                     "deal."),
         SEED, "seed 001: \"The turn to deal … passes always to the right\"",
         f"{BASE}.next_dealer", "quadrille-deal", ("deal",)),
    Rule("quadrille.eldest-leads", N_("Eldest hand, on the dealer's right, leads to the first trick, whoever won "
                                      "the auction."),
         SEED, "seed 001: \"Once the game has been established, Eldest leads to the first trick\"",
         f"{GAME}.start_play", "quadrille-deal", ("deal",)),
    Rule("quadrille.turn", N_("Everyone speaks and plays in turn to the right, and no one out of turn; the winner "
                              "of a trick leads to the next."),
         SEED, "seed 001: \"the winner of each trick then leads to the next\"; law 6: \"No one should play out of "
               "his turn\"",
         f"{BASE}.why_illegal", "quadrille-play", ("trick-winner", "lead-the-master")),
    Rule("quadrille.auction", N_("Eldest speaks first and the dealer last, each once: pass, ask leave or bid solo; a "
                                 "player who has passed never comes back."),
         SEED, "seed 001: \"Each in turn may pass o bid, and, having passed may not come in again\"; law 21",
         f"{GAME}.legal_calls", "quadrille-auction", ("auction",)),
    Rule("quadrille.ask-leave", N_("Ask leave, the lowest bid: name trumps, call a king and take six tricks with "
                                   "its holder; only one player may ask leave, and he must play (law 5)."),
         SEED, "seed 001: \"The lowest bid is 'Ask leave' … calling a partner\"; law 5: \"He who has 'asked leave' "
               "is obliged to play\"",
         f"{GAME}.bid", "quadrille-auction", ("auction",)),
    Rule("quadrille.solo", N_("Solo outranks ask leave: name trumps and take six tricks alone against the other "
                              "three; a solo ends the auction."),
         SEED, "seed 001: \"Solo, the principal bid, is an offer to win at least six tricks after naming trump and "
               "playing alone\"",
         f"{GAME}.bid", "quadrille-auction", ("auction",)),
    Rule("quadrille.asker-holds", N_("When a later player bids solo over an asker, the asker may hold: play the solo "
                                     "himself, or pass and let the solo bidder play."),
         "Hoyle-CN", "rules.md §2.4 step 3: \"forced sans prendre\" [Hoyle-CN p.280]; seed law 23 read with \"solo\" "
                     "for \"forced Spadille\"",
         f"{GAME}.bid", "quadrille-auction", ("auction",)),
    Rule("quadrille.forced-spadille", N_("If all four pass, the holder of Spadille must play an alliance: he names "
                                         "trumps and calls a king (Forced Spadille)."),
         SEED, "seed 001: \"If all four pass, the game is 'Forced Spadille.' … obliged to play Alliance\"",
         f"{GAME}.bid", "quadrille-auction", ("auction", "trumps")),
    Rule("quadrille.name-trumps", N_("The winner of the auction, the Ombre, names trumps, and the suit named stands "
                                     "(law 8)."),
         SEED, "seed 001: \"the soloist names trumps\"; law 8: \"Whoever names any suit for trumps, must abide by it\"",
         f"{GAME}.legal_calls", "quadrille-call", ("trumps",)),
    Rule("quadrille.king-call", N_("The Ombre of an alliance calls the king of a plain suit he does not hold; "
                                   "holding all three plain kings, he calls a queen of a plain suit he lacks."),
         SEED, "seed 001: \"nominates the King of any non-trump suit which he does not hold himself. If he holds all "
               "three, he calls a Queen instead\"; law 13",
         f"{GAME}.callable", "quadrille-call", ("king-call",)),
    Rule("quadrille.own-king", N_("Holding every plain king and every plain queen, the Ombre calls one of his own "
                                  "kings and plays alone for six tricks."),
         "Hoyle-CN", "the seed is silent; Hoyle's law 13 \"or call one of your kings\" [Hoyle-CN p.276]",
         f"{GAME}.callable", "quadrille-call", ("king-call",)),
    Rule("quadrille.secret-partner", N_("The holder of the called card is the Ombre's partner, and nobody knows it "
                                        "until that card is played."),
         SEED, "seed 001: \"dos not announce that fact immediately, which can only be established when the called "
               "card is played\"",
         f"{GAME}.mask", "quadrille-call", ("king-call",)),
    Rule("quadrille.calls", N_("Players speak only when the table asks them to: in the auction, to name trumps, to "
                               "call a king and after the first six tricks."),
         SEED, "seed 001, the auction and \"Premiers and the Vole\"; law 20: \"… and no more\"",
         f"{GAME}.call_refusal", "quadrille-auction", ("auction", "premiers")),
    Rule("quadrille.follow-suit", N_("A player must follow suit if he can, with any card of it; if he cannot, he "
                                     "may play any card: there is no duty to trump."),
         SEED, "seed 001: \"players must follow suit if possible, but otherwise may play any card\"",
         f"{GAME}.legal_cards", "quadrille-play", ("follow-suit",)),
    Rule("quadrille.matador-renege", N_("A matador need not be played to a trump lead unless a higher matador was "
                                        "led; holding another trump as well, the player must still play a trump."),
         SEED, "seed 001: \"If an ordinary trump is led, a player holding a matador is not obliged to play it\"; "
               "law 7: \"No matadors can be forced but by a superior matador\"",
         f"{GAME}.exempt", "quadrille-play", ("matador-renege",)),
    Rule("quadrille.trick-winner", N_("The highest trump wins the trick; without a trump, the highest card of the "
                                      "suit led."),
         SEED, "seed 001: \"The trick is taken by the highest card of the suit led or by the highest trump\"",
         f"{BASE}.trick_winner", "quadrille-play", ("trick-winner",)),
    Rule("quadrille.result", N_("The Ombre's side needs six tricks: six or more win, exactly five is a remise, four "
                                "or fewer a codille."),
         SEED, "seed 001: \"If the soloist wins only five tricks, the loss is a 'remise', and if four or fewer, it is "
               "a 'codille'\"",
         f"{SETTLE}.Outcome.result", "quadrille-premiers", ("six-tricks",)),
    Rule("quadrille.play-out", N_("Unless the Ombre's side stops after six straight tricks, all ten tricks are "
                                  "played."),
         OUR_READING, "rules.md §2.4: \"Recommendation: otherwise all ten tricks are played (the exact trick count "
                      "decides win / remise / codille)\"",
         f"{BASE}.after_trick", "quadrille-premiers", ("six-tricks",)),
    Rule("quadrille.premiers", N_("A side that wins the first six tricks has premiers, and the winner of the sixth "
                                  "says whether it stops or plays for the vole (law 20)."),
         SEED, "seed 001: \"If the soloist wins the first six tricks straight off, he gains a bonus for 'premiers', "
               "and may claim a win\"; law 20",
         f"{GAME}.after_trick", "quadrille-premiers", ("premiers",)),
    Rule("quadrille.vole", N_("Leading to the seventh trick after six straight tricks undertakes the vole: all ten "
                              "tricks (law 12)."),
         SEED, "seed 001: \"If, however, he leads to the seventh trick, this automatically counts as a bid to win "
               "all ten\"; law 12",
         f"{GAME}.apply_play", "quadrille-premiers", ("premiers",)),
    Rule("quadrille.ask-ally", N_("In an alliance the winner of the sixth trick may ask his ally instead, who then "
                                  "stops or plays for the vole for the side (law 20)."),
         SEED, "law 20: \"I play, or I do not play the vole, or I ask\"; seed: \"they must discuss whether or not to "
               "lead to the seventh trick\"",
         f"{GAME}.ask_refusal", "quadrille-premiers", ("premiers",)),
    Rule("quadrille.partner-known", N_("The Ombre learns who his partner is before deciding on the vole (law 19)."),
         SEED, "law 19: \"The player is entitled to know who is his King called before he declares for the vole\"",
         f"{GAME}.after_trick", "quadrille-premiers", ("premiers", "king-call")),
    Rule("quadrille.forced-no-vole", N_("Forced Spadille cannot play for the vole: the hand stops after six straight "
                                        "tricks (law 26), and it need not make three tricks (law 17)."),
         SEED, "law 26: \"Forced Spadille cannot play for the vole\"; law 17",
         f"{GAME}.after_trick", "quadrille-premiers", ("premiers",)),
)

SETTLEMENT_RULES: tuple[Rule, ...] = (
    Rule("quadrille.stakes", N_("Before each deal every player puts one chip into the pot."),
         SEED, "seed 001: \"Before each deal, each player stakes one chip to the pot\"",
         f"{GAME}.outcome", "quadrille-deal", ("settling",)),
    Rule("quadrille.chips", N_("Every player starts with the same number of chips: 40, never fewer."),
         SEED, "seed 001: \"Each should start with an equal number of counters, but never fewer than forty\"",
         f"{GAME}.new_match", "quadrille-deal", ("settling", "match")),
    Rule("quadrille.game-length", N_("A game is a number of deals divisible by four, so that everyone deals equally "
                                     "often: two rounds, eight deals, at our table."),
         SEED, "seed 001: \"A game consists of any number of deals divisible by four\"; rules.md §2.2: default 8",
         f"{GAME}.deals", "quadrille-deal", ("match",)),
    Rule("quadrille.match-winner", N_("At the end of the game the player with the most chips wins; players with as "
                                      "many chips share the place."),
         OUR_READING, "the seed says each plays \"for himself in the long run\"; rules.md §2.2: \"final ranking by net "
                      "chips … ties are shared places\"",
         f"{GAME}.settle", "quadrille-deal", ("match",)),
    Rule("quadrille.unit", N_("A unit is a quarter of the pot now at stake: this deal's stakes and anything carried "
                              "over."),
         SEED, "seed 001: \"A 'unit' means one quarter of the current stake\"",
         f"{SETTLE}.unit", "quadrille-settle", ("settling",)),
    Rule("quadrille.win", N_("A won solo takes the pot; allies split it, the odd chip going to the Ombre."),
         SEED, "seed 001: \"the soloist wins the stake … the stake is divided between the allies\"; the odd chip to "
               "the Ombre: rules.md §2.5 [Hoyle-GB _UgJ p.56]",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("settling",)),
    Rule("quadrille.matador-bonus", N_("A side that held the three matadors is paid 1 unit by each opponent, 2 with "
                                       "Punto too, the allies' hands counted together."),
         SEED, "seed 001: \"If the soloist held three matadors he scores 1 unit … plus Punto he scores 2 units\"; "
               "\"'matadors held' mean 'held between allies'\"",
         f"{GAME}.outcome", "quadrille-settle", ("settling",)),
    Rule("quadrille.premiers-bonus", N_("Premiers are paid 1 unit by each opponent."),
         SEED, "seed 001: \"If the soloist won premiers he scores 1 unit\"",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("settling", "premiers")),
    Rule("quadrille.vole-bonus", N_("A vole made is paid 2 more units by each opponent; a vole lost costs 2 units to "
                                    "each opponent, but the rest of the win stands (law 25)."),
         SEED, "seed 001: \"receives an additional 2 units from each opponent if successful, otherwise pays 2 units "
               "to each player\"; law 25",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("settling", "premiers")),
    Rule("quadrille.vole-failed-allies", N_("In an alliance a lost vole's 2 units to each opponent are shared by the "
                                            "two allies: 1 unit each."),
         OUR_READING, "rules.md §5b: the seed applies the soloist's rule \"to the partnership\", and a failed vole "
                      "\"reduces but does not entirely cancel\" the win",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("settling",)),
    Rule("quadrille.remise", N_("Remise: the Ombre pays the pot's worth into the pot, which is carried to the next "
                                "deal, and pays each opponent for the matadors his side held."),
         SEED, "seed 001: \"Given remise, the soloist doubles the stake, which is carried forward … and … pays each "
               "opponent for any matadors\"",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("settling", "six-tricks")),
    Rule("quadrille.codille", N_("Codille: the opponents share the pot (three sharing leave any remainder in it) and "
                                 "the Ombre pays twice the pot into the next one."),
         SEED, "seed 001: \"the stake is won by and divided between the two or three opponents … unless there are "
               "three and the stake is not exactly divisible, as well as twice the amount of that stake paid by the "
               "soloist\"",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("settling", "six-tricks")),
    Rule("quadrille.codille-matadors", N_("On a codille the Ombre also pays the matadors his side held, as on a "
                                          "remise."),
         "Hoyle-GB", "the seed is silent; rules.md §2.5: \"Hoyle has the losers pay them [Hoyle-GB p.77]\"",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("settling",)),
    Rule("quadrille.loss-bearer", N_("An alliance's loss is the caller's alone; in Forced Spadille the two allies "
                                     "share it."),
         SEED, "seed 001: \"the loss is borne entirely by the player who called a partner … in Forced Spadille, "
               "however, it is shared\"",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("settling",)),
    Rule("quadrille.exact-units", N_("Units and shares are exact: a pot that does not divide gives fractions of a "
                                     "chip."),
         OUR_READING, "the seed is silent when the pot is not a multiple of four; rules.md §2.5: \"exact Fraction "
                      "units\"",
         f"{SETTLE}.unit", "quadrille-settle", ("settling",)),
)

OPTION_RULES: tuple[Rule, ...] = (
    Rule("quadrille.deal-pattern", N_("Option: deal the packets as 4-3-3 or 3-4-3 instead of 3-3-4."),
         SEED, "law 1: \"by fours and threes, and in no other way. The dealer is free to begin by four or three\"",
         f"{GAME}.deal_from", "quadrille-deal", ("variants",), option="deal_pattern"),
    Rule("quadrille.first-solo-on", N_("Option: the first solo bid is on at once; the asker may not hold it."),
         SEED, "seed 001: \"The first player to make this bid so is on, and name trumps immediately\"",
         f"{GAME}.bid", "quadrille-auction", ("variants",), option="asker_may_hold_solo"),
    Rule("quadrille.dealer-stakes", N_("Option: the dealer stakes for everyone, one chip per player."),
         SEED, "seed 001: \"or the dealer stakes four, if preferred\"",
         f"{GAME}.outcome", "quadrille-deal", ("variants",), option="stakes"),
    Rule("quadrille.codille-once", N_("Option: on a codille the Ombre pays the pot's worth once, not twice."),
         "Hoyle-GB", "rules.md §2.5 and QD-h: Hoyle's older codille is paid once [Hoyle-GB p.77]; the seed's \"twice\" "
                     "is unconfirmed",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("variants",), option="codille_pays"),
    Rule("quadrille.no-codille-matadors", N_("Option: no matadors are paid on a codille."),
         SEED, "the seed names the matador payment on a remise only",
         f"{SETTLE}.settle_chips", "quadrille-settle", ("variants",), option="matadors_on_codille"),
    Rule("quadrille.fourth-matador", N_("Option: with black trumps the king counts as a fourth matador for the "
                                        "2-unit bonus."),
         "Hoyle-GB", "rules.md §2.5: Hoyle's \"false matadors\" [Hoyle-GB p.70, p.105]",
         f"{GAME}.outcome", "quadrille-settle", ("variants",), option="fourth_matador_black_king"),
    Rule("quadrille.floor-units", N_("Option: a unit is a quarter of the pot rounded down to whole chips."),
         OUR_READING, "rules.md §2.5: \"or option unit_rounding = 'floor'\"",
         f"{SETTLE}.unit", "quadrille-settle", ("variants",), option="unit_rounding"),
    Rule("quadrille.more-chips", N_("Option: every player starts with 60 or 100 chips instead of 40."),
         SEED, "seed 001: \"an equal number of counters, but never fewer than forty\"",
         f"{GAME}.new_match", "quadrille-deal", ("variants",), option="chips"),
    Rule("quadrille.rounds", N_("Option: a game of 1, 3 or 4 rounds instead of 2, each player dealing once a "
                                "round."),
         SEED, "seed 001: \"any number of deals divisible by four\"",
         f"{GAME}.deals", "quadrille-deal", ("variants",), option="rounds"),
    Rule("quadrille.point-score", N_("Variant Point-score: points instead of chips; matadors are ignored, each ally "
                                     "is credited the whole win, and a loss is taken from the caller alone, from both "
                                     "in Forced Spadille."),
         SEED, "seed 001, Point-score: \"Points for matadors held are ignored … a losing score is only deducted from "
               "the ally's in the case of forced Spadille\"; rules.md §5b",
         f"{SETTLE}.settle_points", "quadrille-variants", ("variants",), option="scoring"),
    Rule("quadrille.point-values", N_("Point-score counts a solo's chips from a fresh pot of four: the game 4, "
                                      "premiers 1, a vole 2; a remise costs 4 and a codille 8."),
         OUR_READING, "the seed names no \"appropriate winning score\": ours are the chips of a fresh pot of four",
         f"{SETTLE}.settle_points", "quadrille-variants", ("variants",), option="scoring"),
    Rule("quadrille.doubling", N_("Variant Remise or Codille: after a lost game the next is won or lost double, "
                                  "after two treble, and so on until a game is won."),
         SEED, "seed 001, Remise or Codille: \"the following game is won or lost double\"; rules.md §5b: every chip "
               "that changes hands is doubled",
         f"{GAME}.times", "quadrille-variants", ("variants",), option="doubling"),
    Rule("quadrille.preference", N_("Variant Preference: asking leave or bidding solo in the chosen suit outranks the "
                                    "same bid in another suit, and is won or lost double."),
         SEED, "seed 001, Preference: \"future bids in that suit overcalls the same in another, and are won or lost "
               "double\"",
         f"{GAME}.ladder", "quadrille-variants", ("variants",), option="preference"),
    Rule("quadrille.vole-announced", N_("Variant Vole announced: the Ombre may announce the vole before the first "
                                        "lead (never in Forced Spadille); made it earns 4 units from each opponent, "
                                        "lost it is settled as a codille."),
         SEED, "seed 001, Vole announced: \"if lost, the whole game is lost\"; rules.md §5b",
         f"{GAME}.before_play", "quadrille-variants", ("variants",), option="vole_announced"),
    Rule("quadrille.vole-bid", N_("With Vole announced, a bid to play the vole outranks every solo (law 18)."),
         SEED, "law 18 read with \"sans prendre\" (rules.md §2.6): \"who undertakes to play the vole has the "
               "preference\"",
         f"{GAME}.ladder", "quadrille-variants", ("variants",), option="vole_announced"),
    Rule("quadrille.mediator", N_("Variant Médiator: a bid above ask leave; the Ombre takes the king he calls into "
                                  "his hand, gives its holder a card for it and plays alone."),
         SEED, "seed 001, Médiator: \"calling for a King … taking it into his own hand in exchange for any unwanted "
               "card\"",
         f"{GAME}.apply_call", "quadrille-variants", ("variants",), option="mediator"),
    Rule("quadrille.casco", N_("Variant Casco: an asker holding both black aces may call his king first and let its "
                               "holder name trumps."),
         SEED, "seed 001, Casco: \"a player holding both black Aces makes an alliance by calling a King and allowing "
               "his partner to name trumps\"",
         f"{GAME}.may_invite", "quadrille-variants", ("variants",), option="casco"),
    Rule("quadrille.forced-invitation", N_("Option: Forced Spadille may invite his partner to name trumps."),
         SEED, "seed 001: \"he may either name trumps himself or invite his partner to do so\" (rules.md QD-e)",
         f"{GAME}.may_invite", "quadrille-variants", ("variants",), option="forced_invitation"),
    Rule("quadrille.grandissimo", N_("Variant Grandissimo: a solo above solo with no trump suit: only the two black "
                                     "aces are trumps."),
         SEED, "seed 001, Grandissimo: \"A solo contract with no trump suit, apart from the two black Aces\"",
         f"{GAME}.bid", "quadrille-variants", ("variants",), option="grandissimo"),
    Rule("quadrille.devole", N_("Variant Devole: the Ombre undertakes to lose every trick, with only the black aces "
                                "as trumps."),
         SEED, "seed 001, Devole: \"the soloist undertakes to, lose every trick\"",
         f"{SETTLE}.Outcome.result", "quadrille-variants", ("variants",), option="devole"),
)

FIVE_RULES: tuple[Rule, ...] = (
    Rule("quadrille.five-players", N_("Five players: eight cards each, and the Ombre's side needs five tricks."),
         SEED, "seed 001: \"A five-handed adaptation … each player receives eight cards and the soloist aims to win "
               "at least five tricks\"",
         f"{GAME}.__init__", "quadrille-five", ("variants",), option="players"),
    Rule("quadrille.five-deal", N_("Five players are dealt two packets of four cards each."),
         OUR_READING, "the seed does not say how: eight cannot be made of packets of three and four together",
         f"{GAME}.__init__", "quadrille-five", ("variants", "deal"), option="players"),
    Rule("quadrille.five-result", N_("With five players four tricks are a remise and three or fewer a codille."),
         OUR_READING, "the seed names only the five tricks needed; one trick short is a remise, as with four players",
         f"{SETTLE}.Outcome.result", "quadrille-five", ("variants",), option="players"),
    Rule("quadrille.five-premiers", N_("With five players premiers are the first five tricks, and the vole all "
                                       "eight."),
         OUR_READING, "the seed is silent; rules.md §5b: \"Premiers are the first five tricks\", the need of the "
                      "five-handed game",
         f"{GAME}.after_trick", "quadrille-five", ("variants",), option="players"),
    Rule("quadrille.five-stakes", N_("With five players each stakes one chip, or the dealer five; a unit stays a "
                                     "quarter of the pot, and a solo's codille is shared by four."),
         OUR_READING, "the seed is silent on five-handed stakes; rules.md §5b extends the four-handed stakes, and "
                      "keeps the seed's unit",
         f"{GAME}.outcome", "quadrille-five", ("variants", "settling"), option="players"),
    Rule("quadrille.five-call", N_("With five players the call is the four-handed one; the document's \"four "
                                   "kings\" count the king of trumps."),
         OUR_READING, "seed: \"calling a King, or Queen if four are held\"; rules.md §5b reads the four with the king "
                      "of trumps, as law 13",
         f"{GAME}.callable", "quadrille-five", ("variants", "king-call"), option="players"),
    Rule("quadrille.five-rounds", N_("With five players a game is a number of deals divisible by five."),
         OUR_READING, "the seed's \"divisible by four\" lets everyone deal equally often; rules.md §5b: a multiple of "
                      "the number of players",
         f"{GAME}.deals", "quadrille-five", ("variants", "match"), option="players"),
)

RULES: tuple[Rule, ...] = PLAY_RULES + SETTLEMENT_RULES + OPTION_RULES + FIVE_RULES
