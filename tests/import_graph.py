"""Which of a project's own modules import which, read from their source with `ast`: every
`import` and `from … import` statement, at the top of a module or inside a function alike, and
the circles those imports make (modules that import each other, directly or through others)."""

import ast
from collections import deque
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

Graph = dict[str, set[str]]  # each module's name, with the names of the modules it imports


def module_name(root: Path, path: Path) -> str:
    """The dotted name of the module in `path` under `root`: a package's is its folder's."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_files(root: Path, packages: Iterable[str],
                 scripts: Iterable[str] = ()) -> dict[str, Path]:
    """Each module of `packages` (folders under `root`) and each of `scripts` (files under it),
    by its dotted name."""
    files = [path for package in packages for path in sorted((root / package).rglob("*.py"))
             if "__pycache__" not in path.parts]
    files += [root / script for script in scripts]
    return {module_name(root, path): path for path in files}


def _package(name: str, path: Path) -> str:
    """The package a module's relative imports start from: itself for an __init__.py."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _nearest(name: str, modules: Container[str]) -> str | None:
    """The module of `modules` an import of `name` runs: itself, or its nearest package there;
    None for another project's."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imported(name: str, path: Path, modules: Container[str]) -> Iterator[str | None]:
    """The module of `modules` each import in module `name`'s file `path` imports (None for
    another project's), relative imports resolved: `from package import x` imports the
    submodule x when there is one, else the package, for a name it defines."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (_nearest(alias.name, modules) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package(name, path).split(".")
                start = ".".join(package[:len(package) - (node.level - 1)])
                base = f"{start}.{base}" if base else start
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                yield submodule if submodule in modules else _nearest(base, modules)


def import_graph(files: dict[str, Path]) -> Graph:
    """The imports between the modules of `files` (by name); those of other projects' modules,
    and a module's of itself, are left out."""
    return {name: {module for module in imported(name, path, files)
                   if module is not None and module != name}
            for name, path in files.items()}


def reachable(graph: Graph, start: str) -> set[str]:
    """The modules `start` imports, directly or through others."""
    seen: set[str] = set()
    waiting = list(graph[start])
    while waiting:
        module = waiting.pop()
        if module not in seen:
            seen.add(module)
            waiting += graph[module]
    return seen


def _chain(graph: Graph, start: str, within: set[str]) -> list[str]:
    """A shortest chain of imports from `start` back to it, through modules of `within`."""
    came_from: dict[str, str] = {}
    waiting = deque([start])
    while waiting:
        module = waiting.popleft()
        for target in sorted(graph[module] & within):
            if target == start:
                chain = [module]
                while chain[-1] != start:
                    chain.append(came_from[chain[-1]])
                return [*reversed(chain), start]
            if target not in came_from:
                came_from[target] = module
                waiting.append(target)
    raise ValueError(f"{start} imports nothing that imports it back")


@dataclass(frozen=True)
class Circle:
    """Modules that import each other, directly or through others: all of them, and a shortest
    chain of imports from the first (by name) back to it."""

    modules: frozenset[str]
    chain: tuple[str, ...]

    def __str__(self) -> str:
        """The chain, `a → b → a`, and the circle's other modules after it."""
        others = sorted(self.modules - set(self.chain))
        return " → ".join(self.chain) + (f" (in the same circle: {', '.join(others)})"
                                         if others else "")


def circles(graph: Graph) -> list[Circle]:
    """Every circle of imports in `graph`, in the order of their first modules' names."""
    reach = {module: reachable(graph, module) for module in graph}
    found: list[Circle] = []
    for module in sorted(graph):
        if module in reach[module] and not any(module in circle.modules for circle in found):
            group = {other for other in reach[module] if module in reach[other]}
            found.append(Circle(frozenset(group), tuple(_chain(graph, module, group))))
    return found
