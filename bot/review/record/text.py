"""The review in words: one step for the Discord message (:func:`step_text`), and the
whole game as a readable hand record file to download (:func:`record_text`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import VARIANTS
from bot.words.cards import cards_text
from bot.words.players import tally
from bot.words.scores import points_text, score_text
from bot.words.sides import side_name
from bot.words.verdicts import tricks_text, verdict

from .hands import GameRecord
from .steps import step_view
from .words import (
    calls_sentence,
    contract_words,
    name_of,
    piles_line,
    seat_lines,
    table_cards,
    trick_words,
    trump_words,
)

View = Mapping[str, Any]


def step_text(view: View, names: Sequence[str]) -> str:
    """One step of the review in Markdown: the hand, its contract, then the deal and
    every call (trick 0) or the trick, the cards still held and the tricks so far; the
    hand's result at its last trick."""
    lines = [heading(view, names)]
    lines += deal_lines(view, names) if view["trick"] == 0 else trick_lines(view, names)
    if view["last_step"]:
        lines += result_lines(view, names)
    return "\n".join(line for line in lines if line)


def heading(view: View, names: Sequence[str]) -> str:
    """``**Hand 3 of 9** · Bob deals · trump ♥ hearts · maker **Bob**, alone``."""
    parts = [f"**Hand {view['hand']} of {view['hands']}**",
             f"{name_of(names, view['dealer'])} deals",
             trump_words(view), contract_words(view, names)]
    return " · ".join(part for part in parts if part)


def deal_lines(view: View, names: Sequence[str]) -> list[str]:
    """Every seat's cards as dealt, the other cards, and the calls."""
    lines = ["**Dealt**", *seat_lines(view, names), piles_line(view)]
    calls = calls_sentence(view["calls"], names, view)
    if calls:
        lines.append(f"**Calls:** {calls}")
    return lines


def trick_lines(view: View, names: Sequence[str]) -> list[str]:
    """The trick and who took it, calls made during it, cards still held, tricks so far."""
    lines = [f"**Trick {view['trick']} of {view['tricks']}:** {trick_words(view, names)}"]
    calls = calls_sentence(view["calls"], names, view)
    if calls:
        lines.append(f"During the trick: {calls}")
    if view["variant"] == "flip":
        calling = next(p["cards"][0] for p in view["piles"] if p["name"] == "calling card")
        lines.append(f"Calling card now: {cards_text([calling], 'flip')}")
    if any(view["cards"]) or any(any(table_cards(t)) for t in view.get("tables") or []):
        lines += ["**Still held**", *seat_lines(view, names, holding_only=True)]
    lines.append(f"Tricks so far: {tricks_so_far(view, names)}")
    if view.get("count_taken") is not None:
        counts = " · ".join(tally(name_of(names, s), n) for s, n in enumerate(view["count_taken"]))
        lines.append(f"Count taken so far: {counts}")
    return lines


def tricks_so_far(view: View, names: Sequence[str]) -> str:
    """``Alice & Carol 2 · Bob & Dave 1`` (a loner without the partner who sits out);
    Flip's players with their bids."""
    bids = view["contract"].get("bids")
    out = {seat for seat, playing in enumerate(view["active"]) if not playing}
    return tricks_text({"tricks": view["side_tricks"], "bids": bids}, view["sides"], names, out)


def result_lines(view: View, names: Sequence[str]) -> list[str]:
    """How the hand ended: thrown in, or made or not, its points and the running score;
    the winner after the game's last hand."""
    sides, variant, result = view["sides"], str(view["variant"]), view.get("result") or {}
    target = view.get("target")
    if view.get("misdeal"):
        nxt = name_of(names, (view["dealer"] + 1) % view["players"])
        lines = [f"📊 Thrown in ({view['misdeal']}): no points; {nxt} deals next."]
    elif "points" in result:
        lines = [f"📊 {verdict(result, variant, sides, names)}"]
    elif result.get("jamboree") is not None and view.get("game_over"):
        lines = ["📊 The Jamboree ended the game before the first trick."]
    else:
        return []  # a hand still being played when the record was made
    if result.get("jamboree") is not None:
        cards = cards_text(result.get("jamboree_cards") or [], variant)
        held = f" ({cards})" if result.get("jamboree_cards") else ""
        holder = name_of(names, result["jamboree"])
        lines.append(f"🎉 Jamboree: {holder} held the five highest trumps{held}: 16 points.")
    if not view.get("misdeal"):
        lines.append(f"Points this hand: {points_text(view['points'], sides, names)}")
        lines.append(f"Score: {score_text(view['scores'], sides, names, target=target, bold=True)}")
    if view.get("game_over"):
        lines.append(winner_line(view, names))
    return lines


def winner_line(view: View, names: Sequence[str]) -> str:
    """``🏆 **Bob & Dave** won the game: Bob & Dave 10 · Alice & Carol 7.`` (``the round``
    at a tournament round's table, which may end level)."""
    winner, sides = view.get("game_winner"), view["sides"]
    what = "round" if view.get("round") else "game"
    final = score_text(view["final_scores"], sides, names, first=winner)
    if not isinstance(winner, int):
        return f"The {what} ended" + (", level" if view.get("round") else "") + f": {final}."
    return f"🏆 **{side_name(winner, sides, names)}** won the {what}: {final}."


def record_text(
    record: GameRecord, names: Sequence[str], departures: Mapping[int, Sequence[str]] | None = None
) -> str:
    """The whole game as a plain-text hand record: the game, its seats and seed, who left
    it; each hand's deal (and who left during it), calls, tricks and result; the final
    score and the winner. ``departures``: sentences about members who left, by hand."""
    notes = departures or {}
    lines = header_lines(record, names)
    left = [sentence for hand in sorted(notes) for sentence in notes[hand]]
    if left:
        lines[-1:-1] = ["Left the game:", *(f"  {sentence}" for sentence in left)]
    for hand in record.hands:
        deal = step_view(record, hand.number, 0)
        lines += ["", f"== {heading(deal, names)} ==", *notes.get(hand.number, ())]
        lines += deal_lines(deal, names)
        view = deal
        for trick in range(1, len(hand.tricks) + 1):
            view = step_view(record, hand.number, trick)
            lines.append(f"Trick {trick}: {trick_words(view, names)}")
            calls = calls_sentence(view["calls"], names, view)
            if calls:
                lines.append(f"  during trick {trick}: {calls}")
        lines += result_lines(view, names)
    return "\n".join(lines).replace("**", "") + "\n"


def header_lines(record: GameRecord, names: Sequence[str]) -> list[str]:
    """The game, options, seed, seats and sides, and how it ended."""
    info = VARIANTS[record.variant]
    options = ", ".join(f"{key} {_option(value)}" for key, value in record.options.items()
                        if not (record.hand_limit and key == "target"))
    if record.hand_limit:  # its target only kept the game from ending first
        round_hands = f"{record.hand_limit} hand{'' if record.hand_limit == 1 else 's'}"
        options = ", ".join([f"a tournament round of {round_hands}",
                             *([options] if options else [])])
    seats = [f"  seat {seat + 1}: {name_of(names, seat)}" for seat in range(record.seats)]
    sides = [side_name(side, record.sides, names) for side in range(len(record.sides))]
    final = step_view(record, record.hands[-1].number, len(record.hands[-1].tricks))
    ending = winner_line(final, names) if final["game_over"] else (
        "Unfinished: " + score_text(record.scores, record.sides, names)
    )
    hands = len(record.hands)
    return [
        f"Bower hand record: {info.name}",
        f"{record.players} players · {hands} hand{'' if hands == 1 else 's'} · seed {record.seed}",
        f"Options: {options or 'none'}",
        "Seats:", *seats,
        f"Sides: {' · '.join(sides)}",
        ending,
        "Replay the downloaded JSON with: python -m bot.review.replay <file.json>",
    ]


def _option(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
