"""Hint's advice is asked on the seat's view as the engine gives it, the view a computer
player in that seat decides on: at a tournament round's table (played to a number of
hands) the hand's shown view has no target, and a computer player cannot decide on that."""

from __future__ import annotations

from bot.ai import hint
from bot.store.tables import NewSeat
from bot.tables import TableService

from .helpers import CHANNEL, GUILD, HOST, person_turn


async def test_a_round_tables_advice_view_keeps_the_target_and_a_computer_advises_on_it(
    service: TableService,
) -> None:
    seats = [NewSeat(HOST), *(NewSeat(None, "normal") for _ in range(3))]
    table = await service.open_seated(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, variant="euchre",
        options={"target": 10}, seats=seats, hand_limit=2, event_name="Night · round 1",
    )
    user, _ = await person_turn(service, table.id)
    assert user == HOST
    hand = service.hand(table.id, HOST)
    assert hand.view["target"] is None and hand.view["hand_limit"] == 2  # as the table shows

    view = service.advice_view(table.id, HOST)
    assert view["target"] == 10 and view["hand"] == hand.view["hand"]
    action, reason, *_ = hint("hard", view, hand.legal, seed=1, time_budget=0.2)
    assert action in hand.legal and reason
