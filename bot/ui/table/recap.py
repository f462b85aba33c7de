"""The recap that ends every hand: the last trick and who took it, tricks per side, the
contract and whether it was made, the points each side got and the running score.

Pure: built from the engine's ``hand_scored`` event (and the ``trick`` event just before
it) and the seat labels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import winning_play
from bot.words.cards import took_it, trick_text
from bot.words.scores import points_text, score_text, sides_or_players
from bot.words.verdicts import tricks_text, verdict

Event = Mapping[str, Any]


def hand_recap(
    scored: Event,
    last_trick: Event | None,
    variant: str,
    sides: Sequence[Sequence[int]],
    labels: Sequence[str],
    *,
    hand_number: int = 0,
    target: int | None = None,
    hand_limit: int | None = None,
) -> list[str]:
    """The lines that close a hand (see the module's docstring); ``hand_limit``: the
    hands a tournament round's table plays (``Hand 2 of 2 is over``)."""
    sides = sides_or_players(sides, len(scored.get("points", [])))
    title = f"Hand {hand_number}" if hand_number > 0 else "The hand"
    if hand_number > 0 and hand_limit:
        title += f" of {hand_limit}"
    lines = [f"📊 **{title} is over.** {verdict(scored, variant, sides, labels)}"]
    if last_trick and last_trick.get("cards"):
        trump = scored.get("trump")
        taker = took_it(last_trick["cards"], winning_play(last_trick), labels, variant, trump)
        lines.append(
            f"Last trick: {trick_text(last_trick['cards'], labels, variant, trump)} → {taker}."
        )
    tricks = scored.get("tricks")
    if tricks:
        lines.append(f"Tricks: {tricks_text(scored, sides, labels)}")
    if scored.get("points_taken"):
        counts = points_text(scored["points_taken"], sides, labels).replace("+", "")
        lines.append(f"Count taken: {counts}")
    if scored.get("jamboree"):
        lines.append("Jamboree bonus: 16 points (already added).")
    lines.append(f"Points this hand: {points_text(scored.get('points', []), sides, labels)}")
    scores = scored.get("scores", [])
    lines.append(f"Score: {score_text(scores, sides, labels, target=target, bold=True)}")
    return lines
