"""The review's seat lines (under Dealt and Still held) are checked against each seat's
cards in the replayed game: the true lines pass, a wrong card, a card given to the wrong
seat or a dropped ``(sits out)`` is reported false."""

from __future__ import annotations

from bot.engine import new_game
from tests.truth.planting import flip_ending_with_a_flip, shooting_the_moon, shown, verdicts
from tests.truth.stored.store import StoredAction, StoredSeat, StoredTable
from tests.truth.stored.timeline import replay

NAMES = ["🤖 Ada (normal)", "bob", "🤖 Cog (normal)", "🤖 Dex (normal)"]


def cards(ids: list[str]) -> str:
    jokers = {"LJ": "Little Joker", "BJ": "Big Joker"}
    return " ".join(jokers.get(card) or shown(card) for card in ids)


def seat_lines(hands: list[list[str]], out: int | None = 3) -> list[str]:
    """``bob: 9♠ J♠``, one per seat; ``out``: the seat that sits out (bob's partner)."""
    return [f"{name}{' (sits out)' if seat == out else ''}: {cards(hands[seat])}"
            for seat, name in enumerate(NAMES)]


def dealt(table: StoredTable) -> list[list[str]]:
    """Each seat's first hand, dealt again by the engine."""
    game = new_game(table.variant, table.players, table.seed, dict(table.options))
    return [list(game.view(seat)["hand"]) for seat in range(table.players)]


def test_the_cards_each_seat_was_dealt_are_checked(table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    title = f"🔎 Euchre #1 · hand 1 of {hands} · deal and auction"
    true = dealt(table)
    honest = "\n".join([title, "**Dealt**", *seat_lines(true)])
    assert verdicts(honest, table, final, seat=1)["review_dealt"] is None

    swapped = [list(hand) for hand in true]
    swapped[0][0], swapped[2][0] = true[2][0], true[0][0]  # a card dealt to another seat
    planted = "\n".join([title, "**Dealt**", *seat_lines(swapped)])
    assert str(verdicts(planted, table, final, seat=1)["review_dealt"]).startswith("dealt: ")

    not_out = "\n".join([title, "**Dealt**", *seat_lines(true, out=None)])
    assert verdicts(not_out, table, final, seat=1)["review_dealt"] == "sits out"


def test_the_cards_still_held_after_a_trick_are_checked(table: StoredTable) -> None:
    final = replay(table)[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    first = next(e for e in final.events if e["type"] == "trick")
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick 1 of 5"
    played = {p["seat"]: p["card"] for p in first["cards"]}
    after = next(s for s in replay(table) if s.count("trick") == 1)
    held = [list(view["hand"]) for view in after.views]
    honest = "\n".join([title, "**Still held**", *seat_lines(held)])
    assert verdicts(honest, table, final, seat=1)["review_held"] is None

    kept = [list(hand) for hand in held]
    kept[1] = kept[1] + [played[1]]  # bob's card played in trick 1 said to be still held
    planted = "\n".join([title, "**Still held**", *seat_lines(kept)])
    assert str(verdicts(planted, table, final, seat=1)["review_held"]).startswith("still held")


def test_the_cards_still_held_after_a_hands_last_trick_are_checked(table: StoredTable) -> None:
    snapshots = replay(table)
    final = snapshots[-1]
    hands = sum(e["type"] == "deal" for e in final.events)
    first_hand = final.events[: [i for i, e in enumerate(final.events)
                                 if e["type"] == "deal"][1]]
    tricks = sum(e["type"] == "trick" for e in first_hand)
    title = f"🔎 Euchre #1 · hand 1 of {hands} · trick {tricks} of {tricks}"
    # Only the partner who sat out still holds cards: all five dealt.
    dex = f"{NAMES[3]} (sits out): {cards(dealt(table)[3])}"
    honest = "\n".join([title, "**Still held**", dex])
    assert verdicts(honest, table, final, seat=1)["review_held"] is None
    ada = f"{NAMES[0]}: {cards(dealt(table)[0][:1])}"
    planted = "\n".join([title, "**Still held**", dex, ada])
    assert verdicts(planted, table, final, seat=1)["review_held"] == "still held: []"


def test_a_two_player_tables_face_up_cards_are_checked() -> None:
    game = new_game("over_the_rhine", 2, 5, {})
    seats = [StoredSeat(0, None, "normal"), StoredSeat(1, 11, None)]
    table = StoredTable(1, "over_the_rhine", 2, {}, 5, "playing", None, 100, 200, None, 0.0,
                        seats, [StoredAction(0, 0, game.legal_actions()[0], 1.0)])
    final = replay(table)[-1]
    views = [game.view(seat) for seat in range(2)]
    title = "🔎 Over the Rhine #1 · hand 1 of 1 · deal and auction"
    lines = [f"{name}: hand {cards(v['hand'])} · table {cards(v['tables'][seat]['up'])}, "
             f"face down {cards(['9S', '9H', '9D'])}"
             for seat, (name, v) in enumerate(zip(["🤖 Ada (normal)", "bob"], views,
                                                     strict=True))]
    honest = "\n".join([title, "**Dealt**", *lines])
    assert verdicts(honest, table, final, seat=1)["review_dealt"] is None
    up = views[1]["tables"][1]["up"]
    wrong = lines[1].replace(shown(up[0]), shown(views[0]["tables"][0]["up"][0]))
    planted = "\n".join([title, "**Dealt**", lines[0], wrong])
    assert str(verdicts(planted, table, final, seat=1)["review_dealt"]).startswith("face up")


def test_flips_dead_hand_is_checked_by_the_cards_it_plays_later() -> None:
    table, _ = flip_ending_with_a_flip()
    final = replay(table)[-1]
    deals = [i for i, e in enumerate(final.events) if e["type"] == "deal"]
    tricks = [e for e in final.events[deals[0]:deals[1]] if e["type"] == "trick"]
    plays = [next(p["card"] for p in t["cards"] if p["seat"] == 5) for t in tricks]
    title = f"🔎 Flip Euchre #1 · hand 1 of {len(deals)} · trick 2 of {len(tricks)}"
    honest = "\n".join([title, "**Still held**", f"Dead hand: {cards(plays[2:])}"])
    assert verdicts(honest, table, final)["review_held"] is None
    played = "\n".join([title, "**Still held**", f"Dead hand: {cards(plays[1:-1])}"])
    assert str(verdicts(played, table, final)["review_held"]).startswith("holds")
    deal = title.replace(f"trick 2 of {len(tricks)}", "deal and auction")
    dealt = "\n".join([deal, "**Dealt**", f"Dead hand: {cards(plays)}"])
    assert verdicts(dealt, table, final)["review_dealt"] is None


def test_a_table_that_takes_no_part_after_shooting_the_moon_says_so() -> None:
    table, shooter = shooting_the_moon()
    final = replay(table)[-1]
    view = new_game("over_the_rhine", 2, table.seed, {}).view(shooter)
    name = ["🤖 Ada (normal)", "bob"][shooter]
    line = (f"{name}: hand {cards(view['hand'])} · table {cards(view['tables'][shooter]['up'])}"
            f", face down {cards(['9S', '9H', '9D'])}")
    title = "🔎 Over the Rhine #1 · hand 1 of 1 · deal and auction"
    honest = f"{title}\n**Dealt**\n{line} (takes no part)"
    assert verdicts(honest, table, final)["review_dealt"] is None
    assert verdicts(f"{title}\n**Dealt**\n{line}", table, final)["review_dealt"] == (
        "takes no part")
