"""Computer players' names: short, one per seat, never alike, never ending in a digit;
a name beside a number always has a separator."""

from __future__ import annotations

from bot.words.players import (
    COMPUTER_NAMES,
    a_computer,
    computer_label,
    computer_short_name,
    left_label,
    tally,
)


def test_every_seat_of_the_largest_table_has_its_own_short_name() -> None:
    names = [computer_short_name(seat) for seat in range(10)]
    assert len(set(names)) == 10 and len({name[0] for name in names}) == 10
    assert all(len(name) <= 5 and not name[-1].isdigit() for name in names)
    assert names[:4] == list(COMPUTER_NAMES[:4]) == ["Ada", "Bolt", "Cog", "Dex"]


def test_a_computer_keeps_its_level_in_words() -> None:
    assert computer_label("hard", 2) == "🤖 Cog (hard)"
    assert computer_label("Normal", 0) == "🤖 Ada (normal)"
    assert computer_label(None, 1) == "🤖 Bolt (computer)"
    assert computer_label("expert", 3) == "🤖 Dex (expert)"


def test_a_computer_of_a_level_takes_the_article_its_word_needs() -> None:
    assert a_computer("hard") == "🤖 a hard computer"
    assert a_computer("expert") == "🤖 an expert computer"
    assert a_computer("easy") == "🤖 an easy computer"


def test_a_leavers_seat_is_still_theirs() -> None:
    assert left_label("Bob") == "Bob (left, 🤖 plays on)"
    assert left_label("Bob", replaced=True) == "Bob (replaced, 🤖 plays on)"


def test_a_number_never_runs_into_a_name() -> None:
    assert tally("player7", 2) == "player7: 2"
    assert tally(computer_label("easy", 3), 4) == "🤖 Dex (easy): 4"
