"""The table as plain text, for tests, logs and screen readers.

It says what the SVG shows, from the same :class:`TableScene`: the seats in play order with the
cards the viewer may see, the trick, the last trick and whose turn it is.
"""
from __future__ import annotations

from .. import i18n
from .cards import card_name
from .scene import SeatScene, TableScene

SEAT_NAMES = {"N": i18n.N_("North"), "E": i18n.N_("East"), "S": i18n.N_("South"), "W": i18n.N_("West"),
              "NE": i18n.N_("North-east"), "NW": i18n.N_("North-west")}


def hand_text(seat: SeatScene) -> str:
    """``"3D 2D AD"``, ``"10 cards face down"``, ``"3D + 2 cards face down"`` or ``"no cards"``."""
    shown = " ".join(str(card) for card in seat.hand if card is not None)
    hidden = sum(card is None for card in seat.hand)
    down = i18n.ngettext("{count} card face down", "{count} cards face down", hidden).format(
        count=i18n.number(hidden)) if hidden else ""
    return " + ".join(part for part in (shown, down) if part) or i18n._("no cards")


def seat_caption(seat: SeatScene, scene: TableScene) -> str:
    """The seat's label with ``(you)``, its side and its badges: ``"S · dealer (you) [NS]"``."""
    you = i18n._(" (you)") if seat.seat == scene.viewer and not scene.watching else ""
    side = f" [{seat.side}]" if seat.side else ""
    badges = f" — {', '.join(seat.badges)}" if seat.badges else ""
    return f"{seat.label or seat.seat}{you}{side}{badges}"


def trick_text(trick: tuple, scene: TableScene) -> str:
    return ", ".join(f"{seat} {card}" + (f" ({scene.special_names[str(card)]})"
                                         if str(card) in scene.special_names else "")
                     for seat, card in trick)


def last_trick_caption(scene: TableScene) -> str:
    return (i18n._("won by {seat}").format(seat=scene.last_winner) if scene.last_winner else
            i18n._("spoiled — won by nobody"))


def winner_sentence(scene: TableScene) -> str:
    """What the felt says over a completed trick: ``"N wins the trick"``, or that nobody does."""
    return (i18n._("{seat} wins the trick").format(seat=scene.last_winner) if scene.last_winner else
            i18n._("Trick spoiled — won by nobody"))


def legal_hand(scene: TableScene) -> SeatScene | None:
    """The seat whose cards ``scene.legal`` names: the seat to act when its cards are shown and
    hold a legal code (open hands), otherwise the viewer."""
    by_seat = {seat.seat: seat for seat in scene.seats}
    actor = by_seat.get(scene.to_act or "")
    if actor and any(card is not None and str(card) in scene.legal for card in actor.hand):
        return actor
    return by_seat.get(scene.viewer)


def playable(scene: TableScene) -> list[str]:
    """The legal codes, in the order of the hand that holds them."""
    seat = legal_hand(scene)
    held = [str(card) for card in (seat.hand if seat else ()) if card is not None]
    return [code for code in held if code in scene.legal] + sorted(scene.legal - set(held))


def table_text(scene: TableScene) -> str:
    """Several lines describing the table as the viewer sees it."""
    lines = [line for line in (scene.title, scene.status) if line]
    lines.append((i18n._("Seats in play order (clockwise):") if scene.direction == "clockwise" else
                  i18n._("Seats in play order (counter-clockwise):")))
    for seat in scene.seats:
        turn = i18n._("  ← to play") if seat.seat == scene.to_act else ""
        tricks = i18n.ngettext("; {count} trick won", "; {count} tricks won", seat.tricks_won).format(
            count=i18n.number(seat.tricks_won)) if seat.tricks_won else ""
        lines.append(f"  {seat_caption(seat, scene)}: {hand_text(seat)}{tricks}{turn}")
    if scene.trick:
        played = trick_text(scene.trick, scene)
        lines.append(i18n._("Trick: {plays} (led by {seat})").format(plays=played, seat=scene.trick_leader)
                     if scene.trick_leader else i18n._("Trick: {plays}").format(plays=played))
    else:
        lines.append(i18n._("Trick: empty, {seat} to lead").format(seat=scene.trick_leader)
                     if scene.trick_leader else i18n._("Trick: empty"))
    if scene.last_trick:
        lines.append(i18n._("Last trick: {plays} — {winner}").format(plays=trick_text(scene.last_trick, scene),
                                                                     winner=last_trick_caption(scene)))
    for caption, card in scene.public:
        lines.append(i18n._("Face up: {card} ({caption})").format(card=card, caption=caption))
    lines.append(i18n._("To play: {seat}").format(seat=scene.to_act) if scene.to_act else i18n._("Nobody to play"))
    if scene.legal:
        lines.append(i18n._("Playable: {cards}").format(cards=" ".join(playable(scene))))
    return "\n".join(lines)


def _seat_name(seat: str) -> str:
    return i18n._(SEAT_NAMES[seat]) if seat in SEAT_NAMES else seat


def _plays(plays: tuple, scene: TableScene) -> str:
    return ", ".join(f"{_seat_name(seat)} {card_name(card, scene.family, scene.special_names.get(str(card), ''))}"
                     for seat, card in plays)


def _trick_sentence(scene: TableScene) -> str:
    """The trick on the felt, numbered.  A completed trick still shown there (the next lead not
    made yet, or the hand over) is the one before ``trick_number``, which counts the next trick:
    the tenth trick of a ten-trick hand is never read as the eleventh."""
    if scene.trick:
        number, said = scene.trick_number, i18n._("On the table: {plays}.").format(plays=_plays(scene.trick, scene))
    elif scene.last_trick:
        plays = _plays(scene.last_trick, scene)
        number = scene.trick_number - 1
        said = (i18n._("{seat} wins the trick: {plays}.").format(seat=_seat_name(scene.last_winner), plays=plays)
                if scene.last_winner else i18n._("Nobody wins the trick: {plays}.").format(plays=plays))
    else:
        number, said = scene.trick_number, i18n._("No cards on the table.")
    return i18n._("Trick {number}. {said}").format(number=i18n.number(number), said=said) if number > 0 else said


def board_description(scene: TableScene) -> str:
    """The board in words, for a screen reader: the trick, whose turn it is and the playable cards.

    ``"Trick 3. On the table: West the 7 of coins, North the ace of coins. Your turn, South.
    Playable: the 3 of coins, the 5 of coins."``
    """
    sentences = [f"{scene.title}." if scene.title else "", _trick_sentence(scene)]
    for caption, card in scene.public:
        sentences.append(i18n._("Face up: {card} ({caption}).").format(card=card_name(card, scene.family),
                                                                       caption=caption.replace(" · ", ", ")))
    if scene.to_act and scene.to_act == scene.viewer:
        sentences.append(i18n._("Your turn, {seat}.").format(seat=_seat_name(scene.viewer)))
    elif scene.to_act:
        sentences.append(i18n._("{seat} to play.").format(seat=_seat_name(scene.to_act)))
    else:
        sentences.append(i18n._("Nobody to play."))
    if scene.legal:
        by_code = {str(card): card for seat in scene.seats for card in seat.hand if card is not None}
        names = [card_name(by_code[code], scene.family, scene.special_names.get(code, "")) if code in by_code
                 else code for code in playable(scene)]
        sentences.append(i18n._("Playable: {cards}.").format(cards=", ".join(names)))

    return " ".join(sentence for sentence in sentences if sentence)