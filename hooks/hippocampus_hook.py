"""What the three hook scripts share: put the package on sys.path, import `site` only if needed, fail open.

The bridge (index.js) starts the two per-turn cold hooks as `python -S hooks/<entry>.py` (session_end, which
runs for seconds and may reach the network, as usual). Importing `site` at start-up
(site-packages on sys.path, every `.pth` file run, a search for `sitecustomize`) is about 5 ms of CPU of a
regular venv's start, and nothing a per-turn hook imports is found only there: the package comes from
`HIPPOCAMPUS_PACKAGE_DIR` (else the folder above hooks/), everything else from the standard library.
`PYTHONPATH` is on sys.path with `-S` as without it. So under `-S` one finder, `SiteOnDemand`, goes on
`sys.meta_path` just before the path finder and looks each top-level module up through it: a module found
there is imported as usual; one found nowhere (PyYAML for a settings file, a package installed only in
site-packages, an optional module probed for), or found only as a namespace package (a folder of that name
without `__init__.py`, such as `extensions/hippocampus`, the copied plugin itself, when the folder above it
is on the path and the package is installed in site-packages), first runs `site.main()`, the very step
Python skips under `-S`, and is then looked up by the ordinary finders, so it resolves as it would have in
an ordinary start (where a regular package in site-packages wins over a namespace folder earlier on the
path). Started without `-S` (by hand, by an older bridge) nothing changes. hooks/README.md has the record.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class SiteOnDemand:
    """Before the path finder: import `site` (once) when a top-level module is missing or only a namespace."""

    path_finder: object = None
    site_loaded = False

    @classmethod
    def find_spec(cls, name: str, path: object = None, target: object = None) -> object:
        if path is not None or cls.site_loaded:
            return None  # a submodule: its package's __path__ decides, as in any start
        if name in sys.stdlib_module_names:  # e.g. `nt`, `_winapi`: probed by pathlib on POSIX; site
            return None  # cannot provide them, and running it inside that import re-enters it
        spec = cls.path_finder.find_spec(name, None, target)  # type: ignore[attr-defined]
        if spec is not None and spec.loader is not None and spec.origin is not None:
            return spec  # a module or a regular package (a namespace package has no origin)
        cls.site_loaded = True  # stays on sys.meta_path (removing it would skip the next finder), inert
        import site

        site.main()
        return None  # the path finder, next, and any finder a .pth file added look again


def _install() -> None:
    finders = [f for f in sys.meta_path if getattr(f, "__name__", "") == "PathFinder"]
    if not finders:  # an unusual import system: no guessing, start as Python would without -S
        import site

        site.main()
        return
    SiteOnDemand.path_finder = finders[0]
    sys.meta_path.insert(sys.meta_path.index(finders[0]), SiteOnDemand)


def run(name: str) -> None:
    """Run hook `name` (hippocampus.openclaw.hooks.main exits 0 whatever happens); exit 0 if the package is missing."""
    sys.path.insert(0, os.environ.get("HIPPOCAMPUS_PACKAGE_DIR") or os.path.dirname(HERE))
    if sys.flags.no_site and "site" not in sys.modules and SiteOnDemand not in sys.meta_path:
        _install()
    try:
        from hippocampus.openclaw.hooks import main
    except BaseException as exc:  # noqa: BLE001 - a broken install must leave the turn untouched
        sys.stderr.write(f"hippocampus: {name} failed open: cannot import hippocampus: {exc!r}\n")
        sys.exit(0)
    main(name)
