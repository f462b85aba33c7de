"""Every open private hand shows the present or says plainly that it is closed and why: a
Railroad partner who sits out and a Jambone maker read what holds for the whole hand (not
"Waiting for … to choose: defend alone or pass"); a member who left sees their hand closed
(not "Your turn" under "You're not seated"); a hand Discord no longer lets Bower update
says so before it stops."""

from __future__ import annotations

import random
import re

from bot.engine import Game
from tests.e2e.display.test_table_picture_marks import replayed
from tests.e2e.tables import (
    action_controls,
    fill_and_start,
    move_shown,
    open_table,
    table_id_of,
)
from tests.emulator import DiscordEnv
from tests.emulator.client.members import Member
from tests.emulator.world.model import Message

TURN = 20.0
NAMES = ["bob", "carol", "dave", "erin"]  # seats 1 to 4, in the order they sit down


async def everyone_seated(
    env: DiscordEnv, game: str, names: list[str]
) -> tuple[Message, dict[str, Message]]:
    """A table of ``game`` with ``names`` seated in order (computers in the rest), started,
    and each person's private hand open."""
    members = [env.member(name) for name in names]
    table = await open_table(env, members[0], game, target=64 if game == "railroad" else 10)
    for member in members[1:]:
        await member.click(table, "Join")
    await env.wait_for(lambda: f": {names[-1]}" in table.text, what="everyone seated")
    await fill_and_start(env, members[0], table)
    hands = {m.name: (await m.click(table, "My hand")).message for m in members}
    return table, hands


async def acting(env: DiscordEnv, hands: dict[str, Message]) -> tuple[Member, Message]:
    """The person whose hand offers choices now, and that hand."""
    name = await env.wait_for(
        lambda: next((n for n, h in hands.items() if action_controls(h)), None),
        timeout=TURN,
        what="someone's turn",
    )
    return env.member(name), hands[name]


async def click(env: DiscordEnv, hands: dict[str, Message], label: str) -> Member:
    """The acting person clicks ``label`` (a button's label or custom id), and the move
    shows in their hand (until then it still offers the turn just played)."""
    member, hand = await acting(env, hands)
    out = await move_shown(env, member, hand, label)
    assert out.kind in ("update", "deferred_update"), out.message.text
    return member


def hand_number(hand: Message) -> int:
    """The hand number a hand message's footer shows (``Hand 2 · …``)."""
    found = re.search(r"\bHand (\d+) ·", hand.text)
    assert found, hand.text
    return int(found[1])


async def test_railroad_jambone_maker_and_sitting_out_partner_read_the_present_all_hand(
    table_env: DiscordEnv,
) -> None:
    env, rng = table_env, random.Random(4)
    _, hands = await everyone_seated(env, "railroad", NAMES)
    maker = await click(env, hands, "Order up Jambone")
    _, dealer = await acting(env, hands)
    await click(env, hands, action_controls(dealer)[0]["custom_id"])  # the dealer discards
    for _ in range(2):  # the maker gives a card, the partner gives one back
        _, hand = await acting(env, hands)
        await click(env, hands, action_controls(hand)[0]["custom_id"])
    seat = NAMES.index(maker.name)
    partner, chooser = NAMES[(seat + 2) % 4], NAMES[(seat + 1) % 4]
    face_up = f"your hand is face up and {chooser} chooses each card you play"
    sits_out = f"**You sit out this hand:** {maker.name} called a Jambone."
    await env.wait_for(lambda: face_up in hands[maker.name].text, what="the maker told")
    await env.wait_for(lambda: sits_out in hands[partner].text, what="the partner told")

    while "Hand 2 ·" not in (await acting(env, hands))[1].text:  # play the Jambone out
        for name in (maker.name, partner):
            said = hands[name].text
            assert "Waiting for" not in said and "defend alone" not in said, said
            assert not action_controls(hands[name])
        member, hand = await acting(env, hands)
        control = rng.choice(action_controls(hand))
        value = None if control["type"] == 2 else control["options"][0]["value"]
        await move_shown(env, member, hand, control["custom_id"], value)
    await env.wait_for(  # the next deal: the partner's hand is theirs again
        lambda: "Hand 2 ·" in hands[partner].text and "sit out" not in hands[partner].text,
        what="the partner's new hand",
    )
    await env.wait_for(
        lambda: "Hand 2 ·" in hands[maker.name].text and "face up" not in hands[maker.name].text,
        what="the maker's new hand",
    )


def untrue(words: str, game: Game) -> list[str]:
    """What a waiting Bob's (seat 1's) hand message says that the stored ``game`` does not,
    or leaves out."""
    held = game.view(0)
    active = held.get("active") or []
    wait = "You sit out this hand" if active and not active[0] else "Not your turn yet"
    line = next((x for x in words.splitlines() if x.startswith("**Your hand:**")), "")
    shown = re.findall(r"(?:10|[2-9AKQJ])[♠♥♦♣]", line)
    claims = {
        f"says {wait!r}": wait in words,  # his partner went alone: he sits this hand out
        "names no one he waits for": "Waiting for" not in words,
        "shows no trick": "Trick:" not in words and "Last trick" not in words,
        f"shows his {len(held['hand'])} cards": len(shown) == len(held["hand"]),
        f"says hand {game.hand_number}": f"Hand {game.hand_number} ·" in words,
        "shows trump once named": ("Trump:" in words) == (held["trump"] is not None),
    }
    return [claim for claim, holds in claims.items() if not holds]


async def test_a_waiting_hand_shows_only_what_still_holds(table_env: DiscordEnv) -> None:
    """While Carol and the computers play, Bob's hand message (edited only when something of
    his changes) never names whom he waits for, never shows a trick that has moved on, and
    shows his cards, trump and the hand number as stored (once its edit has landed: a
    refresh draws its picture before it edits); when his partner goes alone, it says he
    sits out instead of "Not your turn yet"."""
    env, rng = table_env, random.Random(5)
    table, hands = await everyone_seated(env, "euchre", ["bob", "carol"])
    bob = hands["bob"]
    checked = 0
    while checked < 12 and "won the game" not in table.text:
        member, hand = await acting(env, hands)
        if member.name == "carol":  # the game waits for her: what is stored stays
            game = replayed(env, table_id_of(table))
            try:
                await env.wait_for(lambda g=game: not untrue(bob.text, g), what="bob's hand")
            except AssertionError:
                raise AssertionError((untrue(bob.text, game), bob.text)) from None
            checked += 1
        control = rng.choice(action_controls(hand))
        await move_shown(env, member, hand, control["custom_id"])


async def test_a_member_who_left_sees_their_hand_closed_and_why(table_env: DiscordEnv) -> None:
    env = table_env
    table, hands = await everyone_seated(env, "euchre", ["bob", "carol"])
    bob, hand = env.member("bob"), hands["bob"]
    await env.wait_for(lambda: "Hand 1 ·" in hand.text, what="bob's hand")
    question = await bob.slash("table leave", channel="euchre", table=table_id_of(table))
    out = await bob.click(question.message, "Leave the game")
    assert "You left the game" in out.message.text
    await env.wait_for(lambda: "You left this game" in hand.text, what="bob's hand closed")
    assert "This hand is closed" in hand.text
    assert "Your turn" not in hand.text and "Waiting for" not in hand.text
    assert not hand.buttons() and not hand.selects() and not hand.attachments


async def test_a_hand_says_it_stopped_updating_before_its_token_runs_out(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    table, hands = await everyone_seated(env, "euchre", ["bob", "carol"])
    hand = hands["bob"]
    await env.settle()
    env.clock.advance(14 * 60)  # bob's hand message: 14 of its 15 minutes gone
    carol = env.member("carol")
    number = table_id_of(table)
    question = await carol.slash("table leave", channel="euchre", table=number)  # Discord's time
    await carol.click(question.message, "Leave the game")  # the table changes
    await env.wait_for(lambda: "stopped updating" in hand.text, what="bob's hand closed")
    assert "Press **My hand** on the table" in hand.text
    assert not hand.buttons() and not hand.selects()
    fresh = (await env.member("bob").click(table, "My hand")).message
    assert hand_number(fresh) and "stopped updating" not in fresh.text  # computers play on


async def test_a_hand_replaced_by_a_newer_one_says_so_and_the_newer_stays_live(
    table_env: DiscordEnv,
) -> None:
    """Bob's older hand message says it is replaced and stays so; a click in the newer one
    updates it. Bob's first turn may come in hand 2: the deal varies, and when his partner
    orders up alone before he speaks, he sits hand 1 out."""
    env = table_env
    table, hands = await everyone_seated(env, "euchre", ["bob", "carol"])
    bob, first = env.member("bob"), hands["bob"]
    second = (await bob.click(table, "My hand")).message
    await env.wait_for(lambda: "shown in another message" in first.text, what="the old hand")
    assert not first.buttons() and not first.selects() and "Hand 1 ·" not in first.text
    hands["bob"] = second
    member, hand = await acting(env, hands)
    while member.name != "bob":  # carol moves until bob's turn
        await move_shown(env, member, hand, action_controls(hand)[-1]["custom_id"])
        member, hand = await acting(env, hands)
    number = hand_number(second)
    out = await move_shown(env, bob, second, action_controls(second)[-1]["custom_id"])
    assert out.message is second  # a click on the newer hand updates it
    await env.settle()
    assert "another message" not in second.text and hand_number(second) == number, second.text
    assert "shown in another message" in first.text and not first.buttons(), first.text
