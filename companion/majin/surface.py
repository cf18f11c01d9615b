"""The surface's arithmetic: the party's LP on entering, the bounty on a normal return,
the money left after a wipe-out, and the revival fees."""

from __future__ import annotations

from collections.abc import Iterable

MAX_LP = 40
REVIVAL_FEE = {"C": 300, "UC": 500, "R": 1000, "SR": 2000, "転校生": 3000}
GACHA_TIERS = (100, 500, 1000)
ELEVATOR_FARE = {2: 500, 3: 1000}


def entering_lp(hps: Iterable[int]) -> int:
    """R12: the sum of the party's HP, at most 40."""
    return min(MAX_LP, sum(hps))


def bounty(bounties: Iterable[int]) -> int:
    """R26: the graveyards' bounties, the total rounded half up to the hundred."""
    return (sum(bounties) + 50) // 100 * 100


def after_wipe_out(money: int) -> int:
    """R27: half the carried money, rounded up to the hundred: ⌈money / 200⌉ × 100."""
    return -(-money // 200) * 100
