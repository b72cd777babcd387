"""A course's exercises and predictions, by id ("NN-name", NN being the lesson's number): each
module of the package its course.toml names (`exercises = "package"`) registers some in its
EXERCISES and PREDICTIONS. The toolkit has none of its own."""

import importlib
import pkgutil
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType

from checks.definition import COURSE_FILE, CourseDefinition, CourseError
from checks.exercises.kinds import Exercise, Prediction
from checks.kernel_course import installed_courses, kernel_definition

KINDS = {"EXERCISES": Exercise, "PREDICTIONS": Prediction}


@dataclass(frozen=True)
class Registry:
    """What a course registered, and where: each id's module, by the module's name."""

    exercises: dict[str, Exercise] = field(default_factory=dict)
    predictions: dict[str, Prediction] = field(default_factory=dict)
    modules: dict[str, str] = field(default_factory=dict)


# The course roots this process read packages from, and those it put on sys.path itself.
_ROOTS: set[Path] = set()
_ADDED: list[str] = []


def _forget_other(package: str, root: Path) -> None:
    """Drop `package`'s top level and its modules from the process when it imported another
    than the one this course uses: the course's root holds a package of that name, or the one
    imported came from another course's root. One process (the linter's, a test's) may read
    two courses whose packages share a name, the second of them with no package of its own."""
    top = package.split(".")[0]
    loaded = sys.modules.get(top)
    ours = root.resolve() / top
    if loaded is None:
        return
    where = getattr(loaded, "__file__", None)
    source = Path(where).resolve() if where is not None else None
    if source is not None and source.is_relative_to(root.resolve()):
        return
    other_course = source is not None and any(source.is_relative_to(other) for other in _ROOTS)
    if not (other_course or ours.is_dir() or ours.with_suffix(".py").is_file()):
        return
    for name in [name for name in sys.modules if name == top or name.startswith(f"{top}.")]:
        del sys.modules[name]


def _modules(package: str, root: Path) -> list[ModuleType]:
    """The package and each of its modules, in name order, looked for in the course's root
    before what is installed."""
    here = str(root.resolve())
    for added in _ADDED:  # another course's root this process added is read no longer
        if added in sys.path:
            sys.path.remove(added)
    _ADDED.clear()
    if here in sys.path:
        sys.path.remove(here)
    else:
        _ADDED.append(here)
    sys.path.insert(0, here)  # first, as a notebook's folder is
    _forget_other(package, root)
    _ROOTS.add(root.resolve())
    importlib.invalidate_caches()  # a package written since this process last looked
    try:
        found = importlib.import_module(package)
        names = sorted(info.name for info in pkgutil.iter_modules(getattr(found, "__path__", []))
                       if not info.name.startswith("_"))
        return [found] + [importlib.import_module(f"{package}.{name}") for name in names]
    except Exception as error:  # the course's code: whatever it raises, say where
        raise CourseError(root / COURSE_FILE, f"'exercises' names the package {package!r}, "
                                              f"which cannot be imported: "
                                              f"{type(error).__name__}: {error}",
                          rule="exercises-package") from None


def _where(module: ModuleType, root: Path) -> Path:
    """The module's file, under the course's root as the root is named, where it is there."""
    file = Path(module.__file__ or module.__name__)
    inside = file.is_relative_to(root.resolve())
    return root / file.relative_to(root.resolve()) if inside else file


@cache
def load_registry(package: str | None, root: Path) -> Registry:
    """Every exercise and prediction of `package`, found from the course's `root`. Raises
    CourseError, located at course.toml or at the module, for a package that cannot be
    imported, a registration that is not an exercise and an id registered twice (as an exercise
    or a prediction)."""
    registry = Registry()
    for module in _modules(package, root) if package else []:
        here = _where(module, root)
        for name, kind in KINDS.items():
            registered = getattr(module, name, {})
            if not isinstance(registered, dict):
                raise CourseError(here, f"{name} must be a dict of ids and {kind.__name__}s",
                                  rule="exercises-package")
            target: dict = registry.exercises if kind is Exercise else registry.predictions
            for key, exercise in registered.items():
                if not isinstance(key, str) or not isinstance(exercise, kind):
                    raise CourseError(here, f"{name} must map ids to {kind.__name__}s; "
                                            f"{key!r} maps to a {type(exercise).__name__}",
                                      rule="exercises-package")
                if key in registry.modules:
                    raise CourseError(here, f"{key!r} is registered twice: in "
                                            f"{registry.modules[key]} and here",
                                      rule="exercises-package")
                target[key] = exercise
                registry.modules[key] = here.relative_to(root).as_posix() \
                    if here.is_relative_to(root) else str(here)
    return registry


def of_course(definition: CourseDefinition) -> Registry:
    """The registry of the course `definition` defines (its root holds course/course.toml)."""
    root = definition.path.parent.parent
    return load_registry(definition.exercises, root)


@cache
def course_registry() -> Registry:
    """The registry of the course a kernel works in (`kernel_definition`); for an installed
    course whose wheel carries no definition, the package its entry point names."""
    definition = kernel_definition()
    if definition is not None:
        return of_course(definition)
    named = installed_courses()
    return load_registry(named[0].value if named else None, Path.cwd())
