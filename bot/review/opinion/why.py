"""Why the best choice beat the member's, in one sentence a player understands.

The sentence leads with what the member did, in the words players use ("Ordering up with
one trump", "Leading ♠ into a known void"), then backs it with how often something
happened in the sampled deals ("the makers were set in 3 of 4 deals from here"), never
with raw point figures.
"""

from __future__ import annotations

from bot.ai.heuristics import Heuristics
from bot.ai.knowledge import View
from bot.engine.cards import SUIT_SYMBOLS, suit_name
from bot.engine.names import display_card

from .evaluate import Evaluation
from .outcome import Sample
from .words import BOLD, CALLS, doing, how_often, lower, with_trumps


def explain(view: View, heur: Heuristics, chosen: str, best: str, ev: Evaluation) -> str:
    """One sentence: what the member did and why ``best`` did better."""
    if chosen.startswith("play:") and best.startswith("play:"):
        return _card(view, heur, chosen[5:], best[5:], ev)
    said = _call(view, heur, chosen, best, ev)
    if said:
        return said
    return _generic(view, heur, chosen, best, ev)


def _who(view: View) -> str:
    """``your side``, or ``you`` where everyone plays for themselves."""
    return "you" if len(view["sides"][view["side"]]) == 1 else "your side"


def _made_share(ev: Evaluation, action: str) -> float | None:
    """Share of deals where the seat's side made its call after ``action``."""
    if not any(s.ours for s in ev.samples[action]):
        return None
    return ev.share(action, lambda s: not s.set, lambda s: s.ours is True)


def _kind(action: str) -> str:
    """``bold`` (no partner's help: alone, moons), ``call`` (makes trump) or the kind."""
    kind, _, arg = action.partition(":")
    if kind in BOLD or kind == "bid" and "moon" in arg:
        return "bold"
    return "call" if kind in CALLS else kind


def _call(view: View, heur: Heuristics, chosen: str, best: str, ev: Evaluation) -> str:
    kind, best_kind = _kind(chosen), _kind(best)
    what, better = doing(chosen, view, heur), lower(doing(best, view, heur))
    made, best_made = _made_share(ev, chosen), _made_share(ev, best)
    if kind in ("call", "bold") and made is not None and made <= 0.75:
        what += with_trumps(chosen, view) if kind == "call" else ""
        return f"{what}: the makers were set {how_often(1 - made)} from here; {better} was better."
    if kind == "bold" and best_kind != "bold":
        swept = ev.share(chosen, lambda s: s.swept)
        return (
            f"{what}: {_who(view)} took every trick only {how_often(swept)} from here; "
            f"{better} was safer."
        )
    if best_kind == "bold" and kind != "bold":
        swept = ev.share(best, lambda s: s.swept)
        if view["variant"] == "railroad" and best_made is not None:  # alone scores double
            return (
                f"{what}: {better} would have made the call {how_often(best_made)} from here, "
                f"for double the points."
            )
        return (
            f"{what}: {better}, {_who(view)} would have taken every trick {how_often(swept)} "
            f"from here."
        )
    if best_kind == "call" and best_made is not None and kind != "call":
        what += with_trumps(best, view)
        return f"{what}: {better} would have made the call {how_often(best_made)} from here."
    return ""


def _card(view: View, heur: Heuristics, card: str, best: str, ev: Evaluation) -> str:
    variant = view["variant"]
    k = heur.knowledge(view)
    name, other = display_card(card, variant), display_card(best, variant)
    chosen, better = "play:" + card, "play:" + best
    trumped = ev.often(chosen, lambda s: s.trumped) or 0.0
    suit = k.suit(card)
    if not k.trick and suit is not None and not k.is_trump(card) and trumped >= 0.2:
        active = view.get("active") or [True] * len(k.voids)
        void = any(
            suit in k.voids[s] and (k.trump is None or k.trump not in k.voids[s])
            for s in range(len(k.voids))
            if s < len(active) and active[s] and not k.is_partner(s)
        )
        if void:
            return (
                f"Leading {SUIT_SYMBOLS.get(suit, suit_name(suit))} into a known void: the "
                f"{name} was trumped {how_often(trumped)}; leading the {other} was better."
            )
    now = k.winning()
    if (
        now is not None and k.is_partner(now[0]) and now[0] != k.seat
        and k.is_trump(card) and k.beats(card) and not k.is_trump(now[1])
    ):
        return (
            f"Trumping your partner's winning {display_card(now[1], variant)} with the "
            f"{name} spent a trump for nothing: the {other} did better "
            f"{how_often(ev.worse(chosen, better))} from here."
        )
    what = doing(chosen, view, heur)
    if variant == "flip":  # more tricks is not always better: the bid is what counts
        return _flip(view, what, chosen, better, other, ev)
    won, won_best = ev.often(chosen, lambda s: s.won), ev.often(better, lambda s: s.won)
    if won is not None and won_best is not None and won_best - won >= 0.3:
        return (
            f"{what}: {_who(view)} lost this trick {how_often(1 - won)}; the {other} won it "
            f"{how_often(won_best)}."
        )
    tricks = ev.share(better, lambda s: s.tricks) - ev.share(chosen, lambda s: s.tricks)
    if variant != "over_the_top" and tricks >= 0.2:  # there the cards' points count
        fewer = ev.worse(chosen, better, lambda s: s.tricks)
        return f"{what} rather than the {other}: {_who(view)} took fewer tricks {how_often(fewer)}."
    return _generic(view, heur, chosen, better, ev)


def _flip(view: View, what: str, chosen: str, better: str, other: str, ev: Evaluation) -> str:
    """Flip: how often the card left the player further from their bid (or, in Zilch,
    with more tricks)."""
    seat = view["seat"]
    bid = (view.get("bids") or [None] * (seat + 1))[seat]
    before = int(view["tricks_won"][seat])

    def miss(sample: Sample) -> int:
        taken = before + sample.tricks
        return -taken if bid is None else -abs(taken - int(bid))

    further = how_often(ev.worse(chosen, better, miss))
    aim = "with more tricks" if bid is None else "further from your bid"
    return f"{what} rather than the {other}: you ended {aim} {further}."


def _generic(view: View, heur: Heuristics, chosen: str, best: str, ev: Evaluation) -> str:
    worse = how_often(ev.worse(chosen, best))
    what, better = doing(chosen, view, heur), lower(doing(best, view, heur))
    if chosen.startswith("play:") and best.startswith("play:"):
        better = "the " + better.split("the ", 1)[1]
    return f"{what} rather than {better}: {_who(view)} did worse {worse} from here."
