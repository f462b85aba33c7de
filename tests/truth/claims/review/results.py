"""Claims of a ``/review`` step that say what the table channel says too: how the hand
ended (``📊 bob called trump: **made** — …``), the count taken so far (Over the Top) and
who won the game. Read by the table's own checkers, each judged at the state right after
the move that ended the step's trick (or hand), not at the game's end."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from tests.truth.claims import areas, narration, table
from tests.truth.claims.base import Claim, Context, Test
from tests.truth.claims.review.holdings import Step
from tests.truth.stored.timeline import Snapshot

Reader = Callable[[str, Context], "list[Claim] | None"]


def after_action(s: Snapshot, k: int) -> Snapshot:
    """The game as it was right after stored action ``k`` (every seat's view, the events)."""
    return replace(s, k=k, views=s.views_by_k[k], n_events=s.events_by_k[k])


def step_end(s: Snapshot, hand: int, trick: int | None, kind: str) -> Snapshot | None:
    """The state right after the move that ended trick ``trick`` of hand ``hand`` (its
    last event of ``kind``: ``trick``, or ``hand_scored`` for the hand's end)."""
    span = s.hand_span(hand)
    if span is None:
        return None
    found = [i for i in range(*span) if s.events[i]["type"] == kind]
    if not found or (trick is not None and trick > len(found)):
        return None
    k = s.action_of(found[-1] if trick is None else found[trick - 1])
    return None if k is None else after_action(s, k)


def at_step(claims: list[Claim], line: str, step: Step, kind: str,
            whole_hand: bool) -> list[Claim]:
    """``claims`` renamed as the review's and judged at the step's state."""
    hand, trick = step[1], None if whole_hand else step[3]

    def moved(test: Test) -> Test:
        def judged(s: Snapshot) -> str | None:
            state = step_end(s, hand, trick, kind)
            return f"hand {hand} has not got that far" if state is None else test(state)
        return judged

    return [Claim(f"review_{claim.kind}", line, moved(claim.test)) for claim in claims]


ROUND_WON = re.compile(r"^🏆 \*\*(?P<names>.+?)\*\* won the round: (?P<scores>.+)\.$")
ROUND_LEVEL = re.compile(r"^The round ended, level: (?P<scores>.+)\.$")
def result_line_claims(line: str, ctx: Context, step: Step | None) -> list[Claim] | None:
    """``📊 bob called trump: **made** — bob & alice took 4 tricks.`` (the hand's end),
    ``Count taken so far: alice: 0 · bob: 15`` (the step's trick) and ``🏆 **bob** won
    the game: bob 180 · alice 50.`` (the game's end; a round's table: ``… won the round:
    …`` or ``The round ended, level: …``, its final score and the top shared)."""
    if step is None:
        return None
    if line.startswith("📊 "):
        match = narration.RESULT.match(line.removeprefix("📊 "))
        claims = narration.verdict_claims(line.removeprefix("📊 "), line, ctx) if (
            match is None) else narration.hand_result(match, line, ctx)
        return None if claims is None else at_step(claims, line, step, "hand_scored", True)
    if line.startswith("Count taken so far: ") and step[3] is not None:
        claims = areas.count_taken(line, ctx)
        return None if claims is None else at_step(claims, line, step, "trick", False)
    if line.startswith("🏆 ") and " won the game: " in line and line.endswith("."):
        claims = narration.game_won(line.removesuffix(".") + "!", ctx)
        return None if claims is None else at_step(claims, line, step, "hand_scored", True)
    round_won = ROUND_WON.match(line)
    if round_won is not None:
        # The table's own sentences: ``… won the round after 2 hands!``, ``Final score: …``.
        won = table.final(f"🏆 **{round_won.group('names')}** won the round after "
                          f"{step[2]} hands!", ctx)
        scores = table.final_score(f"Final score: {round_won.group('scores')}", ctx)
        if won is None or scores is None:
            return None
        return at_step(won + scores, line, step, "hand_scored", True)
    round_level = ROUND_LEVEL.match(line)
    if round_level is not None:
        # ``The round is over after 2 hands, level.``, ``Final score: …``: the top shared.
        level = table.level(f"The round is over after {step[2]} hands, level.", ctx)
        scores = table.final_score(f"Final score: {round_level.group('scores')}", ctx)
        if level is None or scores is None:
            return None
        return at_step(level + scores, line, step, "hand_scored", True)
    return None
