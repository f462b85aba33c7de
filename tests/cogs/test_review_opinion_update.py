"""A review message shown while the opinion was being worked out gets the opinion, even
when the work ended between the answer and the message being noted for it."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.review.opinion import Opinion
from cogs.review import WORKING, Review, Shown


class FinishedLibrary:
    """A library whose opinion was worked out and stored just after the member was told
    it was still working: nothing is under way any more."""

    def __init__(self) -> None:
        self.asked = 0

    def is_working(self, game: Any, seat: int) -> bool:
        return False

    async def opinion(self, game: Any, seat: int) -> Opinion:
        self.asked += 1
        return Opinion(0, (), ())


class Game:
    table_id = 5

    def seat_of(self, user_id: int) -> int:
        return 0


class Interaction:
    def __init__(self) -> None:
        self.edits: list[Any] = []

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.edits.append(kwargs["embed"])


async def test_an_opinion_finished_before_the_message_was_noted_is_still_shown() -> None:
    cog = Review.__new__(Review)
    cog._library, cog._shown, cog._waiting = FinishedLibrary(), {}, set()  # type: ignore[assignment]

    async def words(interaction: Any, game: Any, step: Any) -> str:
        return "🤖 The computer's opinion"

    async def step(game: Any, step: Any, opinion: str = "", **_: Any) -> tuple[str, list[Any]]:
        return opinion, []

    cog._opinion_words, cog._step = words, step  # type: ignore[method-assign]
    interaction = Interaction()
    cog._shown[(7, 5)] = Shown(interaction, "step")  # type: ignore[arg-type]
    cog._update_when_worked_out(7, Game())  # type: ignore[arg-type]
    await asyncio.gather(*cog._waiting)
    assert interaction.edits == ["🤖 The computer's opinion"]
    assert WORKING not in interaction.edits and not cog._shown


class StoppedLibrary(FinishedLibrary):
    """A library whose worker processes were shut down as the bot stops."""

    async def opinion(self, game: Any, seat: int) -> Opinion:
        raise RuntimeError("cannot schedule new calls after shutdown")


class ClosingBot:
    closing = True


async def test_a_bot_stopping_meanwhile_neither_logs_an_error_nor_tells_of_a_failure(
    caplog: Any,
) -> None:
    cog = Review.__new__(Review)
    cog.bot = ClosingBot()  # type: ignore[assignment]
    cog._library, cog._shown, cog._waiting = StoppedLibrary(), {}, set()  # type: ignore[assignment]
    interaction = Interaction()
    cog._shown[(7, 5)] = Shown(interaction, "step")  # type: ignore[arg-type]
    cog._update_when_worked_out(7, Game())  # type: ignore[arg-type]
    await asyncio.gather(*cog._waiting)
    assert interaction.edits == [] and "Could not work out" not in caplog.text
