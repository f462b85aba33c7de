"""The component router sends each Bower custom id to the right table operation, and
answers anything else privately."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs import table_components, table_play


class Calls:
    """Records the table_play functions the router calls."""

    def __init__(self) -> None:
        self.made: list[tuple[str, tuple[Any, ...]]] = []
        self.told: list[str] = []

    def recorder(self, name: str) -> Any:
        async def record(interaction: Any, *args: Any) -> None:
            self.made.append((name, args))

        return record


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    found = Calls()
    for name in ("table_button", "play", "hint", "remove_player", "answer_leave"):
        monkeypatch.setattr(table_play, name, found.recorder(name))

    async def tell(interaction: Any, text: str) -> None:
        found.told.append(text)

    monkeypatch.setattr(table_play, "_tell_safely", tell)
    return found


def click(custom_id: str, values: list[str] | None = None, *, private: bool = True) -> Any:
    """A click on a private (ephemeral) message, or on a public one."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
    if values is not None:
        data.update(component_type=3, values=values)
    message = SimpleNamespace(flags=SimpleNamespace(ephemeral=private))
    return SimpleNamespace(
        type=discord.InteractionType.component, data=data, message=message, client=SimpleNamespace()
    )


@pytest.mark.parametrize(
    "custom_id, values, expected",
    [
        ("bower:table:12:join", None, ("table_button", (12, "join"))),
        ("bower:table:12:hand", None, ("table_button", (12, "hand"))),
        ("bower:act:12:40:play:JH", None, ("play", (12, 40, "play:JH"))),
        ("bower:act:3:0:bid:double_moon", None, ("play", (3, 0, "bid:double_moon"))),
        ("bower:pick:12:7:card", ["discard:R14"], ("play", (12, 7, "discard:R14"))),
        ("bower:hint:12:7", None, ("hint", (12, 7))),
        ("bower:table:12:remove", None, ("table_button", (12, "remove"))),
        ("bower:remove:12", ["2"], ("remove_player", (12, 2))),
        ("bower:leave:12:go", None, ("answer_leave", (12, "go"))),
        ("bower:leave:12:stay", None, ("answer_leave", (12, "stay"))),
    ],
)
async def test_custom_ids_reach_their_operation(
    calls: Calls, custom_id: str, values: list[str] | None, expected: tuple[str, Any]
) -> None:
    interaction = click(custom_id, values)
    assert table_components.is_bower_component(interaction)
    await table_components.route(interaction)
    assert calls.made == [expected] and calls.told == []


@pytest.mark.parametrize(
    "custom_id, values",
    [
        ("bower:table:12:explode", None),
        ("bower:pick:12:7:card", ["<script>"]),
        ("bower:pick:12:7:card", []),
        ("bower:remove:12", ["two"]),
        ("bower:remove:12", []),
        ("bower:remove:12", ["²"]),
        ("bower:remove:12", ["٣"]),
        ("bower:remove:12", ["99"]),
        ("bower:what", None),
        ("bower:table:99999999999999999999:join", None),
        ("bower:table:9223372036854775808:join", None),
        ("bower:act:12:٣:play:JH", None),
        ("bower:hint:²:1", None),
    ],
)
async def test_anything_else_is_refused_privately(
    calls: Calls, custom_id: str, values: list[str] | None
) -> None:
    await table_components.route(click(custom_id, values))
    assert calls.made == [] and len(calls.told) == 1


def test_other_components_and_commands_are_left_alone() -> None:
    assert not table_components.is_bower_component(click("leaderboard:1:2"))
    command = SimpleNamespace(type=discord.InteractionType.application_command, data={})
    assert not table_components.is_bower_component(command)


@pytest.mark.parametrize(
    "custom_id, values",
    [
        ("bower:act:12:40:play:JH", None),
        ("bower:pick:12:7:card", ["play:JH"]),
        ("bower:hint:12:7", None),
        ("bower:remove:12", ["2"]),
    ],
)
async def test_a_hand_control_sent_for_a_public_message_changes_nothing(
    calls: Calls, custom_id: str, values: list[str] | None
) -> None:
    await table_components.route(click(custom_id, values, private=False))
    assert calls.made == [] and calls.told == [table_components.PRIVATE_ONLY]


async def test_table_buttons_still_work_on_the_public_message(calls: Calls) -> None:
    await table_components.route(click("bower:table:12:hand", private=False))
    assert calls.made == [("table_button", (12, "hand"))]


@pytest.mark.parametrize(
    "custom_id",
    [
        "bower:table:99999999999999999999:join",
        "bower:table:9223372036854775808:hand",
        "bower:act:12:9223372036854775808:pass",
        "bower:act:12345678901234567890123:1:pass",
        "bower:pick:١٢:1:card",
        "bower:hint:²:1",
        "bower:hint:12:٣",
        "bower:remove:9223372036854775808",
        "bower:table:12:explode",
        "bower:leave:12:maybe",
        "bower:leave:9223372036854775808:go",
    ],
)
async def test_numbers_no_control_carries_are_not_valid(calls: Calls, custom_id: str) -> None:
    await table_components.route(click(custom_id, ["2"] if ":remove:" in custom_id else None))
    assert calls.made == [] and calls.told == [table_components.NOT_VALID]


async def test_the_largest_stored_id_still_reaches_its_operation(calls: Calls) -> None:
    await table_components.route(click("bower:hint:9223372036854775807:9223372036854775807"))
    assert calls.made == [("hint", (2**63 - 1, 2**63 - 1))]


async def test_an_unknown_kind_is_no_longer_in_use(calls: Calls) -> None:
    await table_components.route(click("bower:what:12"))
    assert calls.told == [table_components.STALE]


def test_only_table_buttons_may_be_clicked_on_a_public_message() -> None:
    updates = {kind: route.updates_message for kind, route in table_components.ROUTES.items()}
    assert updates == {
        "table": False, "act": True, "pick": True, "hint": True, "remove": True, "review": True,
        "leave": True,
    }


async def test_the_answer_to_leave_the_game_is_refused_on_a_public_message(calls: Calls) -> None:
    await table_components.route(click("bower:leave:12:go", private=False))
    assert calls.made == [] and calls.told == [table_components.PRIVATE_ONLY]
