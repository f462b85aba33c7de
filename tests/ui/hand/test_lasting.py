"""Hand messages that stay true while nothing is asked of their player: a hand sat out, a
Jambone maker's face-up hand, a seat given up, a message Discord stops letting Bower edit."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.engine import VARIANTS, Game, new_game
from bot.pictures.hand import picture_parts
from bot.tables.models import Seat
from bot.ui.hand.lasting import (
    lasting_key,
    lasting_note,
    no_longer_seated_embed,
    still_view,
    stopped_updating_embed,
)
from bot.ui.hand.message import hand_embed
from bot.ui.hand.sessions import signature
from bot.ui.names import seat_names
from tests.ui.helpers import NAMES, PEOPLE, hand_of, playing_table, random_states


def railroad_to_play(declaration: str, seed: int = 5) -> Game:
    """A Railroad hand ordered up and declared ``declaration``, played up to the first card
    (defenders pass)."""
    game, rng = new_game("railroad", seed=seed), random.Random(1)
    while game.phase != "play":
        legal = game.legal_actions()
        for wanted in ("order", declaration, "pass"):
            if wanted in legal:
                game.apply(wanted)
                break
        else:
            game.apply(rng.choice(legal))
    return game


def test_the_partner_who_sits_out_reads_so_for_the_whole_hand() -> None:
    game = railroad_to_play("alone")
    maker = game.maker
    assert maker is not None
    partner = (maker + 2) % 4
    labels = seat_names(playing_table(game), NAMES)
    seen = []
    while game.phase == "play":
        hand = hand_of(game, partner)
        note = lasting_note(hand, labels)
        assert note == (
            f"🪑 **You sit out this hand:** {labels[maker]} plays alone. Your cards stay out "
            "of play until the next deal."
        )
        assert "Waiting for" not in (hand_embed(hand, NAMES).description or "")
        seen.append(signature(hand))
        game.apply(game.legal_actions()[0])
    assert len(set(seen)) == 1  # nothing to edit during the hand: the words hold
    assert signature(hand_of(game, partner)) != seen[0]  # the next deal: edited again


def test_a_jambone_maker_reads_who_chooses_their_cards() -> None:
    game = railroad_to_play("jambone")
    maker = game.maker
    assert maker is not None
    labels = seat_names(playing_table(game), NAMES)
    chooser = labels[(maker + 1) % 4]
    hand = hand_of(game, maker)
    text = hand_embed(hand, NAMES).description or ""
    assert f"your hand is face up and {chooser} chooses each card you play" in text
    assert "Waiting for" not in text and "defend alone" not in text
    partner = hand_of(game, (maker + 2) % 4)
    assert f"{labels[maker]} called a Jambone" in (lasting_note(partner, labels) or "")
    assert lasting_key(hand) != lasting_key(hand_of(game, (maker + 1) % 4))


def test_an_ordinary_wait_has_no_lasting_note() -> None:
    game = new_game("euchre", seed=2)
    waiting = next(s for s in range(4) if s != game.current_player)
    hand = hand_of(game, waiting)
    labels = seat_names(playing_table(game), NAMES)
    assert lasting_note(hand, labels) is None
    text = hand_embed(hand, NAMES).description or ""
    assert "⏳ **Not your turn yet.**" in text and "Waiting for" not in text


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_waiting_hand_reads_the_same_until_it_is_next_edited(variant: str) -> None:
    """A waiting player's message is edited only when its signature changes: until then
    what a fresh answer would show (words, footer, picture) is what it already shows."""
    shown: dict[int, tuple[object, ...]] = {}
    for game in random_states(variant, VARIANTS[variant].default_players, seed=11):
        for seat in range(game.players):
            hand = hand_of(game, seat)
            if hand.legal:
                shown.pop(seat, None)  # answered by the click: a new message state
                continue
            embed = hand_embed(hand, NAMES)
            now = (embed.description, embed.footer.text,
                   picture_parts(still_view(hand).view, hand.legal))
            key = signature(hand)
            if seat in shown and shown[seat][0] == key:
                assert shown[seat][1] == now, (variant, seat, game.phase)
            shown[seat] = (key, now)


def test_a_member_who_left_reads_that_the_hand_is_closed_and_why() -> None:
    game = new_game("euchre", seed=2)
    table = playing_table(game)
    seats = list(table.seats)
    seats[1] = Seat(1, computer_level="normal", left_by=PEOPLE[1])
    left = no_longer_seated_embed(replace(table, seats=tuple(seats)), PEOPLE[1])
    assert "You left this game" in (left.description or "")
    assert "This hand is closed" in (left.description or "")
    assert "Your turn" not in (left.description or "") and "(closed)" in (left.title or "")
    seats[1] = Seat(1, computer_level="normal")
    replaced = no_longer_seated_embed(replace(table, seats=tuple(seats)), PEOPLE[1])
    assert "given to a computer player" in (replaced.description or "")


def test_a_member_a_moderator_replaced_is_not_told_they_left() -> None:
    game = new_game("euchre", seed=2)
    table = playing_table(game)
    seats = list(table.seats)
    seats[1] = Seat(1, computer_level="normal", left_by=PEOPLE[1], given_away=True)
    replaced = no_longer_seated_embed(replace(table, seats=tuple(seats)), PEOPLE[1])
    assert "You left this game" not in (replaced.description or "")
    assert "**Your seat was given to a computer player.**" in (replaced.description or "")


def test_a_hand_that_stops_updating_says_how_to_get_a_fresh_one() -> None:
    embed = stopped_updating_embed(7, "Euchre")
    assert "stopped updating" in (embed.description or "")
    assert "My hand" in (embed.description or "")
    assert embed.title == "Euchre · table #7 · your hand (closed)"


@pytest.mark.parametrize("variant", ["over_the_top", "over_the_rhine"])
def test_over_the_top_battery_line_stays_while_waiting(variant: str) -> None:
    """Issue point 13: a player waiting for their turn still reads their opponent's battery
    (or table), and their message is redrawn when it changes, so that line stays true."""
    area = "battery" if variant == "over_the_top" else "table"
    waits = changed = 0
    for seed in range(3):
        before = None
        for game in random_states(variant, 2, seed):
            if game.is_over or game.phase != "play":
                continue
            waiting = 1 - game.current_player
            hand = hand_of(game, waiting)
            text = hand_embed(hand, NAMES).description or ""
            theirs = f"**Player{game.current_player + 1}'s {area}:**"
            assert theirs in text and f"**Your {area}:**" in text, text
            waits += 1
            shown = game.view(waiting)["tables"][game.current_player]
            if before is not None and before[0] != shown and before[2] == waiting:
                assert lasting_key(hand) != before[1]
                changed += 1
            before = (shown, lasting_key(hand), waiting)
    assert waits and changed


def test_table_messages_carry_one_blank_line_before_the_status_line() -> None:
    """Issue point 13: no double blank line when there is no trick to show."""
    from bot.ui.table.message import play_text
    from tests.ui.helpers import public_of

    for variant, players in (("over_the_top", 2), ("euchre", 4), ("railroad", 4)):
        for game in random_states(variant, players, 1, every=3):
            text = play_text(playing_table(game), public_of(game), seat_names(
                playing_table(game), NAMES))
            assert "\n\n\n" not in text, text
