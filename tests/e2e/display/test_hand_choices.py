"""The hand's choices as players meet them, every seat a person: Euchre's "Order up alone"
and "♠ Spades alone" in one click; the Jambone chooser told which turns pick the maker's
cards; Flip's "Switch in Q♠"; Over the Top's cards and colours written one way."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.e2e.tables import (
    action_controls,
    fill_and_start,
    move_shown,
    open_table,
    stored_actions,
    table_id_of,
)
from tests.emulator import DiscordEnv
from tests.emulator.client.members import Member
from tests.emulator.world.model import Message

TURN = 20.0


class Seats:
    """People at every seat of a table, each with their private hand open."""

    def __init__(self, env: DiscordEnv, table: Message, hands: dict[str, Message]) -> None:
        self.env, self.table, self.hands = env, table, hands
        self.rng = random.Random(3)

    @classmethod
    async def open(cls, env: DiscordEnv, game: str, names: list[str], **options: Any) -> Seats:
        members = [env.member(name) for name in names]
        table = await open_table(env, members[0], game, **options)
        for member in members[1:]:
            await member.click(table, "Join")
        await env.wait_for(lambda: f": {names[-1]}" in table.text, what="everyone seated")
        await fill_and_start(env, members[0], table)
        hands = {}
        for member in members:
            out = await member.click(table, "My hand")
            hands[member.name] = out.message
        return cls(env, table, hands)

    async def acting(self) -> tuple[Member, Message]:
        """The person whose hand offers choices now, and that hand."""
        name = await self.env.wait_for(
            lambda: next((n for n, h in self.hands.items() if action_controls(h)), None),
            timeout=TURN,
            what="someone's turn",
        )
        return self.env.member(name), self.hands[name]

    async def click(self, label: str) -> tuple[Member, Message]:
        """The acting person clicks the button with ``label``, and the move shows in their
        hand (until then it still offers the turn just played)."""
        member, hand = await self.acting()
        out = await move_shown(self.env, member, hand, label)
        assert out.kind in ("update", "deferred_update"), out.message.text
        return member, hand

    async def any_move(self) -> None:
        """The acting person makes a random move."""
        member, hand = await self.acting()
        control = self.rng.choice(action_controls(hand))
        value = None if control["type"] == 2 else self.rng.choice(control["options"])["value"]
        await move_shown(self.env, member, hand, control["custom_id"], value)


def labels(hand: Message) -> list[str]:
    return [str(c.get("label")) for c in action_controls(hand)]


def prompt(hand: Message) -> str:
    return next((ln for ln in hand.text.splitlines() if ln.startswith(("👉", "⏳"))), "")


async def shows(env: DiscordEnv, message: Message, words: str) -> None:
    """Wait until ``message`` (a table or hand kept current by the bot) says ``words``."""
    await env.wait_for(lambda: words in message.text, what=f"{words!r} in {message.text!r}")


def actions_of(env: DiscordEnv, table: Message) -> list[tuple[str, str]]:
    return [(action, source) for _, action, source in stored_actions(env, table_id_of(table))]


async def test_euchre_order_up_alone_and_naming_trump_alone_in_one_click(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    seats = await Seats.open(env, "euchre", ["bob", "carol", "dave", "erin"], target=10)
    channel = env.channel("euchre")

    for turn in range(4):  # hand 1: everyone passes the turned card
        _, hand = await seats.acting()
        call = "Pick up" if turn == 3 else "Order up"  # the dealer speaks last
        assert labels(hand) == [call, f"{call} alone", "Pass"]
        assert f"**{call} alone**: the same, and your partner sits out" in hand.text
        await seats.click("Pass")
    namer, hand = await seats.acting()
    named = labels(hand)
    alone = [label for label in named if label.endswith(" alone")]
    assert len(alone) == 3 and "Pass" not in named[:-1]  # three suits, with partner or alone
    assert all(re.match(r"[♠♥♦♣] [A-Z][a-z]+ alone$", label) for label in alone)
    await seats.click(alone[0])
    suit = alone[0].split()[1]
    assert actions_of(env, seats.table)[-2:] == [
        (f"trump:{suit[0]}", "person"),
        ("alone", "person"),
    ]
    await env.wait_for(
        lambda: any(f"**{namer.name}** goes alone!" in m.text for m in channel.public_messages()),
        what="the loner announced",
    )
    assert "Go alone" not in labels(hand) and "Play with partner" not in labels(hand)

    while "Hand 2 ·" not in (await seats.acting())[1].text:  # play hand 1 out
        await seats.any_move()
    maker, hand = await seats.acting()
    stored = len(actions_of(env, seats.table))
    await seats.click("Order up alone")
    assert actions_of(env, seats.table)[stored:stored + 2] == [
        ("order", "person"),
        ("alone", "person"),
    ]
    await env.wait_for(
        lambda: sum(f"**{maker.name}** goes alone!" in m.text for m in channel.public_messages())
        >= (2 if maker.name == namer.name else 1),
        what="the second loner announced",
    )
    offered = [label for h in seats.hands.values() for label in labels(h)]
    assert "Go alone" not in offered and "Play with partner" not in offered


async def test_railroad_order_up_alone_in_one_click_is_made_after_the_dealers_discard(
    table_env: DiscordEnv,
) -> None:
    env, bot = table_env, table_env.bot
    assert bot is not None
    seats = await Seats.open(env, "railroad", ["bob", "carol", "dave", "erin"], target=64)
    maker, hand = await seats.acting()
    assert labels(hand)[:4] == ["Order up", "Order up alone", "Order up Jambone", "Pass"]
    assert "**Order up alone**: once the dealer has discarded, you give your partner" in hand.text
    await seats.click("Order up alone")
    dealer, dealer_hand = await seats.acting()
    assert dealer.name != maker.name
    await shows(env, hand, f"⏳ You go alone as soon as {dealer.name} has discarded")
    assert not action_controls(hand)
    assert actions_of(env, seats.table) == [("order", "person")]

    await bot.restart()  # the maker's choice is stored: it outlives a restart
    discard = next(c["custom_id"] for c in action_controls(dealer_hand))
    out = await dealer.click(dealer_hand, discard)
    assert out.kind in ("update", "deferred_update"), out.message.text
    await env.wait_for(lambda: len(actions_of(env, seats.table)) >= 3, what="the maker's alone")
    assert actions_of(env, seats.table)[1:3] == [
        (discard.split(":", 4)[4], "person"),
        ("alone", "person"),
    ]
    channel = env.channel("euchre")
    await env.wait_for(
        lambda: any(f"**{maker.name}** goes alone!" in m.text for m in channel.public_messages()),
        what="the loner announced",
    )
    hand = (await maker.click(seats.table, "My hand")).message
    assert [c["custom_id"].split(":", 4)[4].split(":")[0]
            for c in action_controls(hand)] == ["give"] * len(action_controls(hand))


async def test_jambone_hand_prompts_name_the_makers_cards_only_on_the_makers_turns(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    seats = await Seats.open(env, "railroad", ["bob", "carol", "dave", "erin"], target=64)
    maker, _ = await seats.click("Order up Jambone")  # made after the dealer's discard
    _, dealer = await seats.acting()
    await seats.click(action_controls(dealer)[0]["custom_id"])
    for _ in range(2):  # the maker gives a card, the partner gives one back
        _, hand = await seats.acting()
        await seats.click(action_controls(hand)[0]["custom_id"])

    seen: set[str] = set()
    while seen != {"pick", "own"}:
        member, hand = await seats.acting()
        assert "Hand 2 ·" not in hand.text, "the Jambone hand ended before both kinds of turn"
        said = prompt(hand)
        if "(maker's)" in " ".join(labels(hand)):
            assert said == (
                f"👉 **Your turn:** choose the card {maker.name} plays (Jambone): the card "
                f"buttons below are {maker.name}'s face-up cards, not yours."
            )
            assert all(label.endswith("(maker's)") for label in labels(hand))
            await shows(env, seats.table, f"**{member.name}** to choose the Jambone maker's card")
            seen.add("pick")
        elif "Jambone hand" in hand.text and member.name != maker.name:
            assert said == "👉 **Your turn:** play a card.", said
            await shows(env, seats.table, f"⏳ **{member.name}** to play")
            seen.add("own")
        await seats.any_move()
    assert seen == {"pick", "own"}


async def test_flip_switch_buttons_say_switch_in(table_env: DiscordEnv) -> None:
    env = table_env
    seats = await Seats.open(env, "flip", ["bob", "carol", "dave"], players=3, target=500)
    for _ in range(300):
        member, hand = await seats.acting()
        switches = [c for c in action_controls(hand) if ":switch:" in c["custom_id"]]
        if switches or "Don't switch" in labels(hand):
            break
        await seats.any_move()
    else:
        raise AssertionError("nobody could switch the calling card")
    cards = [label for label in labels(hand) if label != "Don't switch"]
    assert cards and all(label.startswith("Switch in ") for label in cards), cards
    assert "👉 **Your turn:** switch in a new calling card or keep it." in hand.text
    chosen = cards[0].removeprefix("Switch in ")
    await seats.click(cards[0])
    assert actions_of(env, seats.table)[-1][0].startswith("switch:")
    channel = env.channel("euchre")
    await env.wait_for(
        lambda: any(
            f"**{member.name}** switched in {chosen}" in m.text for m in channel.public_messages()
        ),
        what="the switch announced",
    )


ROOK_WORD = re.compile(r"(?<![🟥🟨🟩⬛] )\b(Red|Yellow|Green|Black) \d+")


async def test_over_the_top_writes_cards_one_way_and_marks_trump_colours(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    seats = await Seats.open(env, "over_the_top", ["bob", "carol"], target=200)
    for bid in ("bid:50", "pass"):  # the dealer opens, the other passes
        member, hand = await seats.acting()
        await member.choose(hand, hand.selects()[0]["custom_id"], bid)
    for _ in range(4):  # the bid winner discards four
        _, hand = await seats.acting()
        await seats.click(action_controls(hand)[0]["custom_id"])
    _, hand = await seats.acting()
    assert labels(hand) == ["🟥 Red", "🟨 Yellow", "🟩 Green", "⬛ Black"]
    await seats.click("🟩 Green")

    member, hand = await seats.acting()
    battery = next(ln for ln in hand.text.splitlines() if ln.startswith("**Your battery:**"))
    assert "(+1 face down)" in battery and "▾" not in battery and "·▾" not in battery
    cards = labels(hand)
    assert all(re.match(r"[🟥🟨🟩⬛] (Red|Yellow|Green|Black) \d+", c) for c in cards), cards
    out = await member.click(hand, "Hint")
    await env.wait_for(lambda: "💡" in hand.text, what="the hint")
    for message in (out.message, hand, seats.table):
        assert not ROOK_WORD.search(message.text), message.text  # no unmarked card names
