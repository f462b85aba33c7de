"""What the table and the private hands say is true and enough to decide on (issue #21):
every bidding turn names the bid to beat, who holds it and what may still be bid; the maker
naming trump is reminded of the contract; a greyed-out card is explained by the area it is
played from; hints speak of the game's own seats and areas; trump calls are said as at a
card table; /help, /rules and a stranger's My hand say only what is true."""

from __future__ import annotations

from typing import Any

from tests.e2e.tables import (
    Player,
    action_controls,
    fill_and_start,
    game_over,
    move_shown,
    open_table,
    refused,
)
from tests.emulator import DiscordEnv
from tests.emulator.world.model import Message


async def seated_people(env: DiscordEnv, game: str, names: list[str], **options: Any) -> Message:
    """A table of ``game`` with these members seated in this order, started."""
    host = env.member(names[0])
    table = await open_table(env, host, game, **options)
    for seat, name in enumerate(names[1:], start=2):
        await env.member(name).click(table, "Join")
        await env.wait_for(lambda s=seat, n=name: f"Seat {s}: {n}" in table.text)
    await fill_and_start(env, host, table)
    return table


async def open_hands(env: DiscordEnv, table: Message, names: list[str]) -> dict[str, Message]:
    """Each member's private hand message."""
    hands = {}
    for name in names:
        out = await env.member(name).click(table, "My hand")
        assert out.ephemeral, out.kind
        hands[name] = out.message
    return hands


async def whose_turn(env: DiscordEnv, hands: dict[str, Message]) -> str:
    """The member whose hand offers moves now."""
    def ready() -> str | None:
        return next((n for n, h in hands.items() if action_controls(h)), None)

    name = await env.wait_for(ready, timeout=15, what="someone's turn")
    assert isinstance(name, str)
    return name


def your_turn(hand: Message) -> str:
    """The hand's "Your turn" line."""
    return next((line for line in hand.text.splitlines() if "Your turn" in line), "")


async def act(env: DiscordEnv, name: str, hand: Message, action: str) -> None:
    """Press the button, or choose the select option, of one action id (a call that
    makes trump played with the partner, where the hand joins the two steps)."""
    member = env.member(name)
    for control in action_controls(hand):
        ends = (f":{action}", f":{action}+partner")
        if control["type"] == 2 and control["custom_id"].endswith(ends):
            await move_shown(env, member, hand, control["custom_id"])
            return
        values = [o["value"] for o in control.get("options", [])]
        if action in values:
            await move_shown(env, member, hand, control["custom_id"], action)
            return
    raise AssertionError(f"{action} is not offered to {name}: {hand.text}")


async def test_over_the_top_bids_name_the_bid_to_beat_and_the_contract(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    names = ["bob", "alice"]
    table = await seated_people(env, "over_the_top", names)
    hands = await open_hands(env, table, names)
    opener = await whose_turn(env, hands)
    other = next(n for n in names if n != opener)
    assert your_turn(hands[opener]) == (
        "👉 **Your turn:** you open the bidding: bid 50 or more (up to 100)."
    )
    await act(env, opener, hands[opener], "bid:85")
    expected = f"👉 **Your turn:** {opener} bid 85: bid 90 or more (up to 100), or pass."
    await env.wait_for(lambda: your_turn(hands[other]) == expected, what=expected)

    await act(env, other, hands[other], "bid:100")
    expected = f"👉 **Your turn:** {other} bid 100, the highest bid there is: you can only pass."
    await env.wait_for(lambda: your_turn(hands[opener]) == expected, what=expected)
    assert [c["custom_id"].rsplit(":", 1)[1] for c in action_controls(hands[opener])] == ["pass"]

    await act(env, opener, hands[opener], "pass")
    maker = hands[other]
    for _ in range(4):  # the maker takes the nest and discards four cards
        await env.wait_for(lambda: "discard" in str(action_controls(maker)), what="a discard")
        discard = next(c for c in action_controls(maker) if ":discard:" in c["custom_id"])
        before = maker.text
        await env.member(other).click(maker, discard["custom_id"])
        await env.wait_for(lambda b=before: maker.text != b)
    expected = "👉 **Your turn:** you bid 100: name trump."
    await env.wait_for(lambda: your_turn(maker) == expected, what=expected)


async def test_cincinnati_bids_name_the_partner_the_bids_left_and_no_trump(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    names = ["bob", "alice", "carol", "dave"]
    table = await seated_people(env, "cincinnati", names)
    hands = await open_hands(env, table, names)
    first = await whose_turn(env, hands)
    order = names[names.index(first):] + names[: names.index(first)]
    assert your_turn(hands[first]).endswith(
        "nobody has bid yet: bid 3 or more (up to Quadruple Moon), or pass."
    )
    await act(env, first, hands[first], "bid:4")
    await env.wait_for(lambda: action_controls(hands[order[1]]))
    await act(env, order[1], hands[order[1]], "pass")
    partner = hands[order[2]]
    expected = (
        f"👉 **Your turn:** {first} (your partner) bid 4: bid 5 or more (up to Quadruple "
        "Moon), or pass."
    )
    await env.wait_for(lambda: your_turn(partner) == expected, what=expected)
    assert "(3, 4 or 5)" not in partner.text
    await act(env, order[2], partner, "pass")
    dealer = hands[order[3]]
    expected = (
        f"👉 **Your turn:** {first} bid 4: bid 5 or more (up to Quadruple Moon), or pass."
    )
    await env.wait_for(lambda: your_turn(dealer) == expected, what=expected)
    await act(env, order[3], dealer, "bid:5")
    expected = "👉 **Your turn:** you bid 5: name trump or no trump."
    await env.wait_for(lambda: your_turn(dealer) == expected, what=expected)
    await act(env, order[3], dealer, "trump:N")
    channel = env.channel("euchre")

    def told() -> str:
        return "\n".join(m.text for m in channel.public_messages())

    await env.wait_for(lambda: f"**{order[3]}** named **no trump**." in told(), what="no trump")
    assert "no trump trump" not in told()


async def test_euchre_dealer_picks_it_up_and_strangers_are_told_the_truth(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    names = ["bob", "alice", "carol", "dave"]
    table = await seated_people(env, "euchre", names, target=5)
    hands = await open_hands(env, table, names)
    first = await whose_turn(env, hands)
    order = names[names.index(first):] + names[: names.index(first)]
    for name in order[:3]:
        await env.wait_for(lambda n=name: action_controls(hands[n]))
        await act(env, name, hands[name], "pass")
    dealer = order[3]
    await env.wait_for(lambda: action_controls(hands[dealer]))
    await act(env, dealer, hands[dealer], "order")
    channel = env.channel("euchre")

    def told() -> str:
        return "\n".join(m.text for m in channel.public_messages())

    await env.wait_for(lambda: f"**{dealer}** picks it up: trump is" in told(), what="pick-up")
    assert f"**{dealer}** ordered it up" not in told()
    await env.wait_for(lambda: f"{dealer}: Pick up" in table.text, what="the dealer's call")

    erin = env.member("erin")
    out = await erin.click(table, "My hand")
    refused(out, "You're not seated at this table, so you have no hand here.")
    assert "follow the game on the table message" in out.message.text
    out = await erin.slash("help")
    footer = (out.message.embed or {}).get("footer", {}).get("text", "")
    assert "watch" not in footer.lower() and "My hand" in footer


async def test_rules_say_the_options_in_words(table_env: DiscordEnv) -> None:
    out = await table_env.member("bob").slash("rules", game="euchre")
    footer = (out.message.embed or {}).get("footer", {}).get("text", "")
    assert "Standard rules: game to 10 points · stick the dealer" in footer
    assert "No stick-the-dealer: if all pass, the cards are dealt again" in footer
    assert "stick_dealer" not in footer and "default True" not in footer


def card_area(button: dict[str, Any]) -> str:
    """``table`` for a button of a table card (``K♠ (table)``), else ``hand``."""
    return "table" if str(button.get("label", "")).endswith("(table)") else "hand"


def check_play_reason(hand: Message) -> bool:
    """The greyed-out cards' reason fits the buttons: a suit is named only when a card of
    the area played from is held back, and the area is named. True if a card was held."""
    plays = [b for b in hand.buttons() if ":play:" in str(b.get("custom_id", ""))]
    text = hand.text
    enabled = {card_area(b) for b in plays if not b.get("disabled")}
    if len(enabled) != 1:
        assert "must follow" not in text, text
        return False
    (area,) = enabled
    held = [b for b in plays if b.get("disabled") and card_area(b) == area]
    elsewhere = [b for b in plays if b.get("disabled") and card_area(b) != area]
    if held:
        assert f"Your {area} holds " in text and "you must follow." in text, text
    else:
        assert "must follow" not in text, text
    assert (f"You play from your {area} this time." in text) == bool(elsewhere), text
    return bool(held)


async def test_rhine_reasons_hints_and_empty_areas_speak_the_games_words(
    table_env: DiscordEnv,
) -> None:
    env = table_env
    bob = env.member("bob")
    table = await open_table(env, bob, "over_the_rhine", target=1)
    await fill_and_start(env, bob, table)
    player = Player(env, bob, table, expect_pictures=False)
    hand = await player.get_hand()
    checked = hints = 0
    while True:
        await env.wait_for(lambda: game_over(table) or action_controls(hand), timeout=20)
        if not action_controls(hand):
            break
        assert "+ 0 face down" not in hand.text and ":** —" not in hand.text, hand.text
        if any(":play:" in str(c.get("custom_id")) for c in action_controls(hand)):
            check_play_reason(hand)
            checked += 1
            if hints < 4:
                out = await bob.click(hand, "Hint")
                assert out.message is hand and "💡 **Hint:**" in hand.text
                said = hand.text.split("💡 **Hint:** ", 1)[1]
                assert "partner" not in said and "other players" not in said, said
                hints += 1
        if not await player.move():
            break
    assert checked >= 5 and hints == 4
