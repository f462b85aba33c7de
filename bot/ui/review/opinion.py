"""The computer's opinion in words: the member's decisions at a step of the review, the
whole game's summary, and what best play with every card known would have taken."""

from __future__ import annotations

from bot.engine import action_name
from bot.review.opinion import Decision, Opinion
from bot.review.record import GameRecord
from bot.ui.stats.skill import count_of

from .navigation import Step

WORKING = (
    "⏳ The computer is going over your decisions in this game. This can take half a "
    "minute; this message shows its opinion by itself when it is ready."
)
NOT_PLAYED = "You did not play in this game, so there is no opinion of your decisions."
FAILED = "The computer could not work out its opinion this time; open the review again later."


def decisions_at(opinion: Opinion, record: GameRecord, step: Step) -> list[Decision]:
    """The member's decisions shown at ``step``: the calls of the auction at the hand's
    deal (trick 0), and in trick k each card they played to it (two a trick in Over the
    Rhine and Over the Top) and any call made during it, placed by where the decision
    stands in the action log."""
    hand = record.hands[step.hand - 1]
    return [
        d for d in opinion.decisions
        if d.hand == hand.number and hand.step_of(d.index) == step.trick
    ]


def decision_line(decision: Decision, variant: str | None = None) -> str:
    """``✅ Play A♠: the computer agrees.``, or the costly mark with why the better choice
    was better (cards and calls named as ``variant`` names them: Flip's Benny)."""
    chosen = action_name(decision.action, variant)
    best = decision.choices[0].action if decision.choices else decision.action
    if decision.costly:
        why = decision.why or f"{action_name(best, variant)} was better."
        return f"⚠️ **{chosen}** was costly (about {decision.cost:.1f} points): {why}"
    if best == decision.action:
        return f"✅ **{chosen}**: the computer agrees."
    return f"✅ **{chosen}**: close to the computer's choice, {action_name(best, variant)}."


def choices_line(decision: Decision, shown: int = 4, variant: str | None = None) -> str:
    """Small print: the points each choice was worth to the member's side, best first,
    and how many more choices were open (weighed but not shown, or not weighed)."""
    values = " · ".join(
        f"{action_name(c.action, variant)} {c.value:+.1f}" for c in decision.choices[:shown]
    )
    more = max(0, len(decision.choices) - shown) + decision.unweighed
    return f"-# Expected points for your side this hand: {values}" + (
        f" · {more} more" if more > 0 else ""
    )


def summary_line(opinion: Opinion, record: GameRecord) -> str:
    """The game in one line: costly decisions, the largest, the points given away."""
    costly = opinion.costly
    if not costly:
        return f"🤖 {len(opinion.decisions)} decisions looked at: none was costly. Well played!"
    largest = opinion.largest
    assert largest is not None
    position = next(
        (i for i, hand in enumerate(record.hands, start=1) if hand.number == largest.hand), 1
    )
    count = "1 costly decision" if len(costly) == 1 else f"{len(costly)} costly decisions"
    named = action_name(largest.action, record.variant)
    return (
        f"🤖 {count} of {len(opinion.decisions)}, about {opinion.given_away:.1f} points given "
        f"away in all; the largest: {named} in hand {position} "
        f"({largest.cost:.1f})."
    )


def perfect_line(opinion: Opinion, record: GameRecord, step: Step) -> str:
    """At a hand's last trick: the tricks the member's side would have taken with every
    card known and every seat playing its best, against those it took. More than that
    is only taken when the others let it (best play is the most the side can be sure of
    against their best), fewer when the side's own play fell short."""
    hand = record.hands[step.hand - 1]
    if step.trick != len(hand.tricks) or not hand.tricks:
        return ""
    found = next((p for p in opinion.perfect if p.hand == hand.number), None)
    if found is None:
        return ""
    start = "" if found.from_trick <= 1 else f" from trick {found.from_trick} on"
    others = "the other side" if len(record.sides) == 2 else "the others"
    best, took = found.best_tricks, found.side_tricks
    opening = (
        f"🃏 With every card known and everyone playing their best{start}, your side "
        f"would have taken {count_of(best, 'trick')}"
    )
    if took == best:
        return f"{opening}, as it did."
    if took > best:
        return (
            f"{opening}; it took {took}: {took - best} more than {others} would have "
            "allowed with their best play."
        )
    return f"{opening}; it took {took}, {best - took} fewer."


def opinion_text(opinion: Opinion, record: GameRecord, step: Step) -> str:
    """Everything the opinion says at ``step``: its decisions, then best play, then the
    game's summary."""
    lines = []
    for decision in decisions_at(opinion, record, step):
        lines += [decision_line(decision, record.variant),
                  choices_line(decision, variant=record.variant)]
    perfect = perfect_line(opinion, record, step)
    if perfect:
        lines.append(perfect)
    if not lines:
        lines.append("No decision of yours at this step.")
    lines.append(f"-# {summary_line(opinion, record)}")
    return "\n".join(lines)
