"""Two people at one table never see each other's hand, and the channel sees neither."""

from __future__ import annotations

import re

from tests.e2e.tables import Player, action_controls, game_over, open_table
from tests.emulator import DiscordEnv

HAND_LINE = re.compile(r"\*\*Your hand:\*\* (.*)")
CARD = re.compile(r"(?:Little )?Joker|(?:10|[2-9JQKA])[♠♥♦♣]")  # a Railroad card's words


def cards_in(text: str) -> set[str]:
    """The cards listed on the "Your hand" line of a hand message."""
    match = HAND_LINE.search(text)
    assert match, text
    return set(CARD.findall(match.group(1)))  # card words only


async def test_private_hands_stay_private_through_a_whole_game(table_env: DiscordEnv) -> None:
    env = table_env
    bob, carol = env.member("bob"), env.member("carol")
    table = await open_table(env, bob, "railroad", target=1)
    await carol.click(table, "Join")
    await env.wait_for(lambda: "Seat 2: carol" in table.text)
    for _ in range(2):
        await bob.click(table, "Add computer player")
    await env.wait_for(lambda: "open —" not in table.text)
    await bob.click(table, "Start")
    await env.wait_for(lambda: "My hand" in str(table.buttons()))

    players = [Player(env, bob, table), Player(env, carol, table)]
    for player in players:
        await player.get_hand()
    first_cards = [cards_in(p.hand.text) for p in players if p.hand]
    assert first_cards[0] and first_cards[1] and not first_cards[0] & first_cards[1]

    while not game_over(table):
        waiting = [p for p in players if p.hand and action_controls(p.hand)]
        if not waiting:
            await env.wait_for(
                lambda: game_over(table) or any(p.hand and action_controls(p.hand) for p in players)
            )
            continue
        for player in waiting:
            await player.move()

    for me, other in ((bob, carol), (carol, bob)):
        mine = me.ephemerals()
        assert mine, f"{me.name} got no private message"
        assert all(me.can_see(m) and not other.can_see(m) for m in mine)
        assert not any(m in other.ephemerals() for m in mine)
    public = "\n".join(m.text for m in env.channel("euchre").public_messages())
    assert "Your hand" not in public
