"""A reading held to the rules a finished Roguelight sheet keeps.

What the pencil shows is read mark by mark (:mod:`companion.roguelight.reader`);
the rules then tie the marks together: one entrance open with its setup plan,
its cells open, one exit open, the development track as far as the plans (and
bats) advance it, every block drawn against a fill or a plan, a plan's cells open
(a fill in doubt beside a plan may be a row it reaches over), one item mark
circled per item filled. Where a reading cannot be so, the likeliest reading that can is taken,
weighing each change by how sure the mark it changes was, and every mark
changed is a doubt, with a note.
"""

from __future__ import annotations

import math
from itertools import combinations

from companion.grid import Cell, Rect, components, parse_range, square_neighbours
from companion.i18n import _
from companion.roguelight import layout
from companion.roguelight.build import BAT_ADVANCE, SETUP_DEVELOPMENT
from companion.roguelight.layout import SheetLayout
from companion.roguelight.maps import BAT, ITEM, Map
from companion.roguelight.reading import Mark, Reading


def held(reading: Reading) -> Reading:
    """``reading`` held to each rule in turn: the setup first (which entrance is
    open decides whether the sheet is set up), the exits last."""
    for rule in (with_setup_plan, with_plans_agreeing, with_blocks_attached,
                 with_plans_over_doubtful_fills, with_items_agreeing, with_one_exit):
        reading = rule(reading)
    return reading


def with_one_exit(reading: Reading) -> Reading:
    """The rules fill every exit but the chosen one at the end of the build: where
    some are read filled (the build over) and several open, each open one is a doubt
    (one may be a fill the pencil hid), and those whose ring shows ``PENCILLED`` more
    pencil than the cleanest one's are read filled; where every one is read filled
    on a sheet set up, one is opened (:func:`_exit_opened`). A sheet with every exit
    open is not finished; exits may be filled early, so open ones equally clean stay
    open."""
    board = reading.board
    named = _area_names(board)
    open_ = {named[c] for c in board.exits if c not in reading.filled}
    if not open_ and _set_up(reading):
        return _exit_opened(reading)
    if not 2 <= len(open_) < len(board.exits):
        return reading
    pencil = {name: reading.exit_pencil.get(name, 0.0) for name in open_}
    cleanest = min(pencil.values())
    hidden = {name for name, seen in pencil.items() if seen >= cleanest + PENCILLED}
    _doubted(reading, "cell", open_)
    _ruled(reading, "cell", hidden, True)
    reading.filled = reading.filled | {c for c in board.exits if named[c] in hidden}
    reading.notes.append(_("{count} exits read open: the rules leave one open and fill the "
                           "others at the end of the build", count=len(open_)))
    return reading


def _exit_opened(reading: Reading) -> Reading:
    """Every exit read filled on a sheet set up. The chosen exit stays open; every
    exit filled is legal (exits may be filled early) but leaves the sheet no floor,
    and no player aims for it: where the one with the least pencil in its ring (one
    read filled by its darkness alone has none), then read filled least surely, was
    read so in doubt, it is opened, as a doubt. Four exits read filled surely stay."""
    cell = _least_surely_filled(reading, list(reading.board.exits), reading.exit_pencil)
    named = _area_names(reading.board)
    if cell is None or not any(m.doubt for m in reading.marks
                               if m.what == "cell" and m.name == named[cell]):
        return reading
    _open(reading, cell)
    reading.notes.append(_("every exit read filled: the chosen exit stays open, so {exit}, "
                           "with the least pencil, is read open, to be checked",
                           exit=named[cell]))
    return reading


#: How much more pencil (share of its ring) an exit read open shows than the
#: cleanest exit read open for it to be read filled: a fill its stairs hid.
PENCILLED = 0.02


def with_setup_plan(reading: Reading) -> Reading:
    """The rules require one open entrance with its setup plan, the entrance block:
    a sheet read with every entrance filled has the likeliest one opened (a doubt);
    the open entrance gets its plan even where the dashes were too faint to see, and
    a plan read over or beside it, which the rules rule out, gives way (both doubts);
    its cells stay open (:func:`_inside_open`)."""
    board = reading.board
    open_ = [f for f, c in board.entrances.items() if c not in reading.filled]
    if not open_:
        open_ = _opened(reading)
    if 1 < len(open_) < len(board.entrances):  # set up (some filled), but not one open
        open_ = _closed(reading, open_)
    if len(open_) != 1:
        return reading
    block = board.entrance_blocks[open_[0]]
    reading = _inside_open(reading, block)
    if block in reading.plans:
        return reading
    rivals = [p for p in reading.plans if p.overlaps(block) or too_close(p, block)]
    reading.plans = tuple(sorted((*(p for p in reading.plans if p not in rivals), block),
                                 key=lambda r: (r.top, r.left)))
    reading.notes.append(_("the setup plan {plan} of the open entrance is added: the rules "
                           "require it", plan=block.name()))
    if rivals:
        reading.marks += [Mark("plan", block.name(), True, RULED),
                          *(Mark("plan", p.name(), False, RULED) for p in rivals)]
    return reading


#: How sure a reading is that the rules made where the pencil said otherwise.
RULED = 0.6


def _inside_open(reading: Reading, block: Rect) -> Reading:
    """A block may not overlap a plan nor touch it from inside, so the setup plan's
    cells stay open the whole game: those read filled in doubt (a neighbour's fill
    run over the line, the tint read as pencil) are read open by the rules, and
    those read surely filled are doubts, as the sheet breaks the rules there. An
    exit, filled at the end of the build, may be filled in a plan."""
    names = _area_names(reading.board)
    inside = {c for c in block.cells() if c in reading.filled and c not in reading.board.exits}
    if not inside:
        return reading
    doubted = {m.name for m in reading.marks if m.what == "cell" and m.doubt}
    opened = {c for c in inside if names[c] in doubted}
    reading.filled = reading.filled - opened
    _ruled(reading, "cell", _named(opened, names), False)
    _doubted(reading, "cell", _named(inside - opened, names))
    reading.notes.append(_("{cells} inside the setup plan {plan} read filled: the rules keep a "
                           "plan's cells open, to be checked",
                           cells=", ".join(_named(inside, names)), plan=block.name()))
    return reading


def with_plans_agreeing(reading: Reading) -> Reading:
    """The development track starts at 2 (setup), each plan advances it by the
    monsters inside, a bat filled by 2 if the player chose so, and it stops at its
    last number; every block is drawn against a fill or a plan. Where the count and
    the plans read cannot both be so, or fills read touch nothing, the likeliest
    reading that agrees is taken — numbers crossed or not, up to ``AGREEING`` plans
    read dropped or likely plans added, a plan read widened over cells read filled
    in doubt (:func:`_wider_plans`; those cells then open), fills to attach
    (:func:`with_blocks_attached`) — and what changed is a doubt. A sheet not set up
    (every entrance but one filled) is read as it is."""
    board = reading.board
    agrees = _agrees(board, reading.filled, reading.plans, reading.development)
    if not (reading.struck and _set_up(reading)) or (agrees and not _loose(
            board, reading.filled, reading.plans)):
        return reading
    sure = {m.name: m.confidence for m in reading.marks if m.what == "cell"}
    names = _area_names(board)

    def attached(opened: frozenset[Cell], changed: frozenset[Rect]) -> float:
        return sum(c for c, *_rest in _attachments(board, reading.filled - opened,
                                                   _changed(reading.plans, changed), sure, names))

    costs = {(changed, frozenset()): cost + attached(frozenset(), changed)
             for changed, cost in _plan_changes(reading)}
    costs |= {(frozenset({plan, wider}), over): _surprise(RULED) + attached(over, frozenset(
                  {plan, wider})) + sum(_surprise(sure.get(n, 1.0)) for n in _named(over, names))
              for plan, wider, over in _wider_plans(reading)
              if not any(too_close(wider, other) for other in reading.plans if other != plan)}
    options = [(cost + _track_cost(reading.struck, count), len(changed), count, changed, opened)
               for (changed, opened), cost in costs.items()
               for count in range(SETUP_DEVELOPMENT, board.development_length + 1)
               if _agrees(board, reading.filled - opened, _changed(reading.plans, changed),
                          count)]
    cost, _size, count, changed, opened = min(
        options, key=lambda o: (o[:3], sorted(o[3]), sorted(o[4])))
    if count == reading.development and not changed:
        return reading
    read = costs[frozenset(), frozenset()] + _track_cost(reading.struck, reading.development)
    if cost - read > MOST_SURPRISE and not agrees:
        return _disagreeing(reading)
    reading.plans = _changed(reading.plans, changed)
    reading.filled = reading.filled - opened
    _ruled(reading, "cell", _named(opened, names), False)
    if opened:
        reading.notes.append(_("{cells} read open by the rules: inside plan {plan}, which the "
                               "development track asks for (a plan's cells are open), to be "
                               "checked",
                               cells=", ".join(_named(opened, names)),
                               plan=", ".join(p.name() for p in sorted(changed)
                                              if p in reading.plans)))
    plans = {p.name() for p in reading.plans}
    reading.marks = [m for m in reading.marks if m.what != "development"
                     and not (m.what == "plan" and parse_range(m.name) in changed)]
    reading.development, crossed = track(reading.struck, count)
    reading.marks += crossed + [Mark("plan", p.name(), p.name() in plans, RULED)
                                for p in sorted(changed)]
    if agrees:  # the plans changed only to attach fills
        reading.notes.append(_("plan {plans} read by the rules: fills beside it touch no other "
                               "fill, and every block is drawn against a fill or a plan, to be "
                               "checked", plans=", ".join(p.name() for p in sorted(changed))))
    else:
        reading.notes.append(_("the development track and the plans disagree by the rules "
                               "(each plan advances the track by the monsters inside it): "
                               "read as {development} with the likeliest plans, to be checked",
                               development=count))
    return reading


#: The most plans in doubt a reading that agrees may add or drop.
AGREEING = 2


#: How much less likely (log-odds) than the reading itself a reading that agrees
#: may be, to be taken: beyond, a plan went unseen or the player miscounted.
MOST_SURPRISE = 3.0


def _disagreeing(reading: Reading) -> Reading:
    """The track and the plans disagree and nothing in doubt explains it: the count
    is kept, with a note to look over both; every number between it and the nearest
    count the plans allow is a doubt, and so is the count's edge."""
    board, count = reading.board, reading.development
    allowed = [n for n in range(SETUP_DEVELOPMENT, board.development_length + 1)
               if _agrees(board, reading.filled, reading.plans, n)]
    nearest = min(allowed, key=lambda n: (abs(n - count), n), default=count)
    between = {str(n) for n in range(min(nearest, count) + 1, max(nearest, count) + 1)}
    between |= {str(count), str(count + 1)}
    _doubted(reading, "development", between)
    reading.notes.append(_("the development track ({development}) and the plans read disagree "
                           "by the rules (each plan advances the track by the monsters inside "
                           "it): look over both", development=count))
    return reading


def with_plans_over_doubtful_fills(reading: Reading) -> Reading:
    """A plan's cells are open, so a cell read filled in doubt beside a plan read may
    be the row or column the plan was drawn over, its dashes there hidden by what
    was read as pencil: the plan reaching over it (every cell it adds open or
    filled in doubt, 12 cells at most) is a doubt, and so is the plan read — the
    player looks at which was drawn, rather than the reader choosing silently."""
    wider = _wider_plans(reading)
    if not wider:
        return reading
    names = _area_names(reading.board)
    plans = {m.name for m in reading.marks if m.what == "plan"}
    _doubted(reading, "plan", {plan.name() for plan, _reach, _over in wider})
    reading.marks += [Mark("plan", reach.name(), False, RULED)
                      for _plan, reach, _over in wider if reach.name() not in plans]
    _doubted(reading, "plan", {reach.name() for _plan, reach, _over in wider})
    reading.notes.append(_("plan {plans} may reach over {cells}, read filled in doubt: a "
                           "plan's cells are open, to be checked",
                           plans=", ".join(sorted({p.name() for p, _r, _o in wider})),
                           cells=", ".join(sorted({n for *_pr, over in wider
                                                   for n in _named(over, names)}))))
    return reading


def _wider_plans(reading: Reading) -> list[tuple[Rect, Rect, frozenset[Cell]]]:
    """Each plan read with a row or a column beside it whose cells are open or read
    filled in doubt (an exit aside, filled at the end), some of them filled: the
    plan, the plan reaching over them, and the cells filled there (a large
    monster's whole or not at all)."""
    board = reading.board
    names = _area_names(board)
    doubtful = {m.name for m in reading.marks if m.what == "cell" and m.value and m.doubt}
    wider = []
    for plan in reading.plans:
        if plan in board.entrance_blocks.values():
            continue
        for reach in _reaches(board, plan):
            over = frozenset(c for c in reach.cells() if c not in plan and c in reading.filled
                             and c not in board.exits)  # an exit may be filled in a plan
            whole = {c for c, name in names.items() if name in _named(over, names)}
            if over and set(_named(over, names)) <= doubtful and whole <= set(reach.cells()):
                wider.append((plan, reach, frozenset(whole)))
    return sorted(wider)


def _reaches(board: Map, plan: Rect):
    """``plan`` grown by a row or a column on each side, within the map and the
    largest plan (12 cells)."""
    for left, top, right, bottom in ((-1, 0, 0, 0), (0, -1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1)):
        reach = Rect(plan.left + left, plan.top + top, plan.right + right, plan.bottom + bottom)
        if (reach.left >= 0 and reach.top >= 0 and reach.right < board.width
                and reach.bottom < board.height and reach.area <= LARGEST_PLAN):
            yield reach


#: The most cells a plan takes (the two dice's sum at most).
LARGEST_PLAN = 12


def _set_up(reading: Reading) -> bool:
    """Whether the sheet is set up: every entrance but one filled."""
    return sum(c not in reading.filled for c in reading.board.entrances.values()) == 1


def with_blocks_attached(reading: Reading) -> Reading:
    """Every block is drawn against a filled cell or a plan (spec, action A), from
    the entrances filled at setup; only an exit filled at the end stands alone.
    Filled cells read touching none of these — a fill between them missed, or a
    smudge read as a fill — are made to by the likeliest change: an open cell
    beside them read filled, or they read open. What changed is a doubt."""
    if not _set_up(reading):
        return reading
    names = _area_names(reading.board)
    sure = {m.name: m.confidence for m in reading.marks if m.what == "cell"}
    for _cost, group, cells, value in list(_attachments(reading.board, reading.filled,
                                                         reading.plans, sure, names)):
        reading.filled = reading.filled | cells if value else reading.filled - cells
        changed = _named(cells, names)
        _ruled(reading, "cell", changed, value)
        reading.notes.append(_("filled cells {cells} touch no entrance, other fill or plan, as "
                               "every block must: {changed} read {state} by the rules, to be "
                               "checked", cells=", ".join(_named(group, names)),
                               changed=", ".join(changed),
                               state=_("filled") if value else _("open")))
    return reading


def _attachments(board: Map, filled: frozenset[Cell], plans: tuple[Rect, ...],
                 sure: dict[str, float], names: dict[Cell, str]):
    """The likeliest changes, one loose group at a time, that leave none: (how
    unlikely, the group, the cells changed, whether they are read filled)."""
    while loose := _loose(board, filled, plans):
        cost, cells, value = min(_attachings(board, filled, plans, loose[0], sure, names),
                                 key=lambda o: (o[0], sorted(o[1])))
        yield cost, loose[0], cells, value
        filled = filled | cells if value else filled - cells


def _doubted(reading: Reading, what: str, names) -> None:
    """The marks ``what`` of ``names`` made doubts by the rules, their values kept."""
    reading.marks = [Mark(what, m.name, m.value, min(m.confidence, RULED))
                     if m.what == what and m.name in names else m for m in reading.marks]


def _ruled(reading: Reading, what: str, names, value: bool) -> None:
    """The marks ``what`` of ``names`` read as ``value`` by the rules: doubts."""
    reading.marks = [Mark(what, m.name, value, RULED) if m.what == what and m.name in names
                     else m for m in reading.marks]


def with_items_agreeing(reading: Reading) -> Reading:
    """Each item filled circles one item mark, and a mark is spent only once circled
    (spec, special cells): a reading with a mark spent but not circled, or more marks
    circled than items filled, takes the likeliest change (a mark circled or not,
    spent or not, an item cell filled), as doubts, with a note."""
    board = reading.board
    if not _set_up(reading):
        return reading
    sure = {(m.what, m.name): m.confidence for m in reading.marks}
    changed = []
    for mark in sorted(reading.spent - reading.circled - set(board.items_circled)):
        name = str(mark)
        if _surprise(sure.get(("spent", name), 1.0)) <= _surprise(sure.get(("circled", name),
                                                                             1.0)):
            reading.spent -= {mark}
            changed.append(_rule_item(reading, "spent", name, False))
        else:
            reading.circled |= {mark}
            changed.append(_rule_item(reading, "circled", name, True))
    names = _area_names(board)
    while len(reading.circled) > _items_filled(board, reading.filled):
        unfilled = [c for c in board.cells if board.symbol(c) == ITEM and c not in reading.filled]
        options = [(_surprise(sure.get(("circled", str(m)), 1.0)), "circled", str(m))
                   for m in sorted(reading.circled - reading.spent)]
        options += [(_surprise(sure.get(("cell", names[c]), 1.0)), "cell", names[c])
                    for c in unfilled]
        if not options:
            break
        _cost, what, name = min(options)
        if what == "cell":
            reading.filled |= {c for c, n in names.items() if n == name}
        else:
            reading.circled -= {int(name)}
        changed.append(_rule_item(reading, what, name, what == "cell"))
    if changed:
        reading.notes.append(_("the item marks and the items filled disagree by the rules (each "
                               "item filled circles one mark, a mark is spent only once "
                               "circled): read {changed}, to be checked",
                               changed=", ".join(changed)))
    return _uncircled(reading, sure)


def _uncircled(reading: Reading, sure: dict[tuple[str, str], float]) -> Reading:
    """Fewer marks circled than items filled: a mark was free for each unless its
    section was still locked, so the likeliest free marks not read circled are
    doubts (their values kept), with a note."""
    board = reading.board
    missing = _items_filled(board, reading.filled) - len(reading.circled)
    broken = sum(1 for b in board.boundaries if reading.development >= b)
    free = [m for m in range(1, len(board.item_points) + 1)
            if m not in reading.circled and m not in board.items_circled
            and board.item_sections[m - 1] <= broken + 1]
    likeliest = sorted(free, key=lambda m: (sure.get(("circled", str(m)), 1.0), m))[:missing]
    if missing <= 0 or not likeliest:
        return reading
    _doubted(reading, "circled", {str(m) for m in likeliest})
    reading.notes.append(_("{filled} items filled but {circled} marks circled: each item filled "
                           "circles a free mark, so mark {marks} may be circled, to be checked",
                           filled=_items_filled(board, reading.filled),
                           circled=len(reading.circled),
                           marks=", ".join(str(m) for m in sorted(likeliest))))
    return reading


def _items_filled(board: Map, filled: frozenset[Cell]) -> int:
    return sum(1 for c in filled if board.symbol(c) == ITEM)


def _rule_item(reading: Reading, what: str, name: str, value: bool) -> str:
    """Read the mark by the rules; what it now says."""
    _ruled(reading, what, {name}, value)
    if what == "cell":
        return _("{cell} filled", cell=name)
    if what == "spent":
        return _("mark {mark} not spent", mark=name)
    return _("mark {mark} circled", mark=name) if value else _("mark {mark} not circled",
                                                                mark=name)


def _named(cells, names: dict[Cell, str]) -> list[str]:
    """The names of the areas of ``cells``, row by row."""
    return list(dict.fromkeys(names[c] for c in sorted(cells, key=lambda c: (c[1], c[0]))))


def _loose(board: Map, filled: frozenset[Cell], plans: tuple[Rect, ...]
           ) -> list[frozenset[Cell]]:
    """The groups of filled cells that hold no entrance and touch no plan, but a
    lone exit (filled at the end)."""
    planned = {c for p in plans for c in p.cells()}
    entrances = set(board.entrances.values())
    return [group for group in components(filled)
            if not group & entrances and not (len(group) == 1 and group <= set(board.exits))
            and not any(n in planned for c in group for n in square_neighbours(c)
                        if n not in group)]


def _attachings(board: Map, filled: frozenset[Cell], plans: tuple[Rect, ...],
                group: frozenset[Cell], sure: dict[str, float], names: dict[Cell, str]):
    """The changes that attach ``group``, with how unlikely each is: an open cell
    beside it (outside every plan) filled, where that leaves fewer loose groups; or
    the group read open."""
    cells_of: dict[str, set[Cell]] = {}
    for cell, name in names.items():
        cells_of.setdefault(name, set()).add(cell)
    planned = {c for p in plans for c in p.cells()}
    loose = len(_loose(board, filled, plans))
    beside = {names[n] for c in group for n in square_neighbours(c)
              if n in names and n not in filled and n not in planned}
    for name in sorted(beside):
        cells = frozenset(cells_of[name])
        if len(_loose(board, filled | cells, plans)) < loose:
            yield _surprise(sure.get(name, 1.0)), cells, True
    yield sum(_surprise(sure.get(n, 1.0)) for n in {names[c] for c in group}), group, False


def _agrees(board: Map, filled: frozenset[Cell], plans: tuple[Rect, ...],
            development: int) -> bool:
    """Whether ``development`` numbers crossed can follow from ``plans``, each
    advancing the track by its monsters, and the bats filled, each by 2 or not."""
    advanced = SETUP_DEVELOPMENT + sum(
        sum(board.count_monsters(set(p.cells())).values()) for p in plans
        if p not in board.entrance_blocks.values())
    bats = BAT_ADVANCE * (sum(1 for c in filled if board.large_at(c) is None
                              and board.symbol(c) == BAT)
                          + sum(1 for m in board.large if m.symbol == BAT and m.cells & filled))
    if development >= board.development_length:
        return advanced + bats >= board.development_length
    return 0 <= development - advanced <= bats and (development - advanced) % BAT_ADVANCE == 0


def _plan_changes(reading: Reading):
    """Sets of plans to add or drop (those read, or doubted unread, or the likeliest
    unread, the entrance blocks aside), with what each set costs: how unlikely its
    marks made it — a plan read surely costs too much to drop but for a track read
    as surely."""
    board = reading.board
    last = {m.name: m for m in reading.marks if m.what == "plan"}
    doubted = [(rect, m) for m in [*(m for m in last.values() if m.doubt or m.value),
                                   *reading.unseen]
               for rect in [parse_range(m.name)] if rect not in board.entrance_blocks.values()]
    yield frozenset(), 0.0
    for size in range(1, AGREEING + 1):
        for chosen in combinations(doubted, size):
            changed = frozenset(rect for rect, _m in chosen)
            plans = _changed(reading.plans, changed)
            if len(changed) == size and not any(
                    too_close(a, b) for a, b in combinations(plans, 2)):
                yield changed, _change_cost(chosen, reading.plans, doubted)


def _change_cost(chosen: tuple[tuple[Rect, Mark], ...], plans: tuple[Rect, ...],
                 doubted: list[tuple[Rect, Mark]]) -> float:
    """How unlikely the ``chosen`` changes make the plans: each mark's surprise, but a
    plan read and its rival over the same cells — dashes seen round one place, one of
    the two drawn — weighed as one: swapping them costs the larger of their two
    surprises (one choice, not two), and dropping the plan with its rival left unread
    (neither drawn) costs its own surprise and the smaller of the two besides."""
    cost = sum(_surprise(m.confidence) for _rect, m in chosen)
    changing = {rect for rect, _m in chosen}
    for dropped, m in chosen:
        if dropped not in plans:
            continue
        for rival, other in doubted:
            if rival in plans or not rival.overlaps(dropped):
                continue
            pair = min(_surprise(m.confidence), _surprise(other.confidence))
            cost += -pair if rival in changing else pair
    return cost


def _changed(plans: tuple[Rect, ...], changed: frozenset[Rect]) -> tuple[Rect, ...]:
    """``plans`` with those of ``changed`` read dropped and the others added."""
    return tuple(sorted(set(plans) ^ changed, key=lambda r: (r.top, r.left)))


def _track_cost(seen: list[Mark], count: int) -> float:
    """How unlikely the numbers as they look make ``count`` of them crossed."""
    return sum(_surprise(m.confidence) for i, m in enumerate(seen) if m.value != (i < count))


def _surprise(confidence: float) -> float:
    """How unlikely (log-odds) it is that a mark read with ``confidence`` is wrong."""
    sure = min(max(confidence, 0.5), 0.99)
    return math.log(sure / (1 - sure))


def _closed(reading: Reading, open_: list[int]) -> list[int]:
    """Several entrances read open on a sheet set up (others filled): the rules keep
    one, the others are filled. The one kept is the one whose setup plan was read,
    else the one read open most surely; the others are read filled, as doubts."""
    board = reading.board
    named = _area_names(board)
    sure = {m.name: m.confidence for m in reading.marks if m.what == "cell"}
    planned = [f for f in open_ if board.entrance_blocks[f] in reading.plans]
    kept = planned[0] if len(planned) == 1 else max(
        open_, key=lambda f: sure.get(named[board.entrances[f]], 0.0))
    closed = {named[board.entrances[f]]: board.entrances[f] for f in open_ if f != kept}
    reading.filled = reading.filled | set(closed.values())
    reading.marks = [Mark("cell", m.name, True, RULED) if m.what == "cell" and m.name in closed
                     else m for m in reading.marks]
    return [kept]


def _area_names(board: Map) -> dict[Cell, str]:
    return {c: area.name for area in layout.areas(SheetLayout(board)) for c in area.cells}


def _opened(reading: Reading) -> list[int]:
    """Every entrance read filled: the rules keep one open, so the one read filled
    with the least confidence is opened, as a doubt."""
    board = reading.board
    cell = _least_surely_filled(reading, list(board.entrances.values()))
    if cell is None:
        return []
    _open(reading, cell)
    return [face for face, c in board.entrances.items() if c == cell]


def _least_surely_filled(reading: Reading, cells: list[Cell],
                         pencil: dict[str, float] | None = None) -> Cell | None:
    """Of ``cells`` (each read filled), the one with the least ``pencil`` (share of
    it), then read filled least surely; ``None`` where none was read."""
    sure = {m.name: m.confidence for m in reading.marks if m.what == "cell"}
    named = _area_names(reading.board)
    read = [c for c in cells if named.get(c) in sure]
    return min(read, key=lambda c: ((pencil or {}).get(named[c], 0.0), sure[named[c]]),
               default=None)


def _open(reading: Reading, cell: Cell) -> None:
    """``cell`` read open by the rules, as a doubt."""
    reading.filled = reading.filled - {cell}
    _ruled(reading, "cell", {_area_names(reading.board)[cell]}, False)


def track(seen: list[Mark], development: int | None = None) -> tuple[int, list[Mark]]:
    """The development numbers crossed (the count that agrees best with how each
    number looks, ``seen``, unless given), and each number as read (one that looks
    otherwise than the count says is a doubt)."""
    if development is None:
        development = _crossed_prefix(seen)
    marks = [m if m.value == (i < development) else
             Mark(m.what, m.name, i < development, 1 - m.confidence)
             for i, m in enumerate(seen)]
    return development, _doubt_between(marks, development)


#: How far from the count a doubted number carries its doubt to those between.
NEAR = 8


def _doubt_between(marks: list[Mark], development: int) -> list[Mark]:
    """Numbers are crossed from the left: a doubt about one number is a doubt about
    every number between it and the count (were a doubted number beyond the count
    crossed, so would be all before it; were one within it not, none after it)."""
    doubted = [i for i, m in enumerate(marks) if m.doubt and abs(i - development) <= NEAR]
    if not doubted:
        return marks
    low = min(min(doubted), development)
    high = max(max(doubted) + 1, development)
    least = min(marks[i].confidence for i in doubted)
    return [Mark(m.what, m.name, m.value, min(m.confidence, max(least, 0.6)))
            if low <= i < high and not m.doubt else m for i, m in enumerate(marks)]


def _crossed_prefix(crossed: list[Mark]) -> int:
    """Development numbers are crossed from the left: the count that agrees best
    with what each number looks like (weighed by how sure each is)."""
    def disagreement(k: int) -> float:
        return sum(m.confidence if m.value != (i < k) else 0.0 for i, m in enumerate(crossed))
    return min(range(len(crossed) + 1), key=lambda k: (disagreement(k), k))


def too_close(rect: Rect, other: Rect) -> bool:
    """Plans may touch at corners only."""
    grown = Rect(other.left - 1, other.top, other.right + 1, other.bottom)
    tall = Rect(other.left, other.top - 1, other.right, other.bottom + 1)
    return rect.overlaps(grown) or rect.overlaps(tall)
