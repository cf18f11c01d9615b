"""The adventurer's routes through a floor: entrance to exit through the fewest rooms.

The floor becomes a small graph: every room is a node that costs 1 to pass
through, every group of connected passage cells a node that costs nothing.
Rooms that overlap or share an edge are joined directly; a passage group is
joined to each room it touches. A route is a path from the node holding the
entrance to the node holding the exit; its rooms, in order, are what the
adventurer visits. All routes with the fewest rooms are returned, so the
players can choose between them.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.grid import Cell, components, square_neighbours
from companion.roguelight.scoring import Score

#: Most tied routes listed; the count is still reported in full.
MAX_CHOICES = 50


@dataclass(frozen=True)
class Routes:
    rooms: int  # how many rooms each fewest-rooms route passes through
    choices: tuple[tuple[str, ...], ...]  # room letters in visiting order, sorted
    total: int  # how many such routes were found (choices lists at most MAX_CHOICES)


def fewest_room_routes(score: Score) -> Routes:
    if not score.has_floor:
        return Routes(0, (), 0)
    graph = _Graph(score)
    entrance = score.sheet.map.entrances[score.sheet.entrance]
    starts = graph.nodes_at(entrance)
    ends = set(graph.nodes_at(score.exit))
    dist = graph.distances(starts)
    best = min(dist[e] for e in ends)
    paths = graph.tight_paths(starts, [e for e in ends if dist[e] == best], dist)
    sequences = sorted({tuple(graph.letter[n] for n in path if graph.is_room(n))
                        for path in paths})
    return Routes(best, tuple(sequences[:MAX_CHOICES]), len(sequences))


class _Graph:
    """Nodes: ("room", i) and ("passage", j); neighbours by shared edges."""

    def __init__(self, score: Score) -> None:
        self.room_cells = [set(room.rect.cells()) for room in score.rooms]
        self.letter = {("room", i): room.letter for i, room in enumerate(score.rooms)}
        self.passages = [set(group) for group in
                         sorted(components(score.passages), key=lambda g: min(g))]
        self.edges: dict[tuple[str, int], set[tuple[str, int]]] = {
            node: set() for node in self.all_nodes()}
        self._link()

    def all_nodes(self) -> list[tuple[str, int]]:
        rooms = [("room", i) for i in range(len(self.room_cells))]
        return rooms + [("passage", j) for j in range(len(self.passages))]

    def cells(self, node: tuple[str, int]) -> set[Cell]:
        kind, i = node
        return self.room_cells[i] if kind == "room" else self.passages[i]

    def is_room(self, node: tuple[str, int]) -> bool:
        return node[0] == "room"

    def _link(self) -> None:
        nodes = self.all_nodes()
        for a_index, a in enumerate(nodes):
            around = self.cells(a) | {n for c in self.cells(a) for n in square_neighbours(c)}
            for b in nodes[a_index + 1:]:
                if around & self.cells(b):
                    self.edges[a].add(b)
                    self.edges[b].add(a)

    def nodes_at(self, cell: Cell) -> list[tuple[str, int]]:
        return [n for n in self.all_nodes() if cell in self.cells(n)]

    def cost(self, node: tuple[str, int]) -> int:
        return 1 if self.is_room(node) else 0

    def distances(self, starts: list[tuple[str, int]]) -> dict[tuple[str, int], int]:
        """Fewest rooms passed on the way to each node, the node's own room included."""
        dist = {s: self.cost(s) for s in starts}
        frontier = sorted(dist, key=dist.__getitem__)
        while frontier:
            node = frontier.pop(0)
            for other in self.edges[node]:
                through = dist[node] + self.cost(other)
                if through < dist.get(other, 1 << 30):
                    dist[other] = through
                    frontier.append(other)
                    frontier.sort(key=dist.__getitem__)
        return dist

    def tight_paths(self, starts: list[tuple[str, int]], ends: list[tuple[str, int]],
                    dist: dict[tuple[str, int], int]) -> list[list[tuple[str, int]]]:
        """Every start→end path along which the room count grows only as it must."""
        paths: list[list[tuple[str, int]]] = []

        def walk(path: list[tuple[str, int]]) -> None:
            if len(paths) > 10 * MAX_CHOICES:
                return
            node = path[-1]
            if node in ends:
                paths.append(path)
                return
            for other in sorted(self.edges[node]):
                if other not in path and dist.get(other) == dist[node] + self.cost(other):
                    walk([*path, other])

        for start in starts:
            if dist[start] == self.cost(start):
                walk([start])
        return paths
