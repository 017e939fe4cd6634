"""What the three hook scripts share: put the package on sys.path, import `site` only if needed, fail open.

The bridge (index.js) starts the two per-turn cold hooks as `python -S hooks/<entry>.py` (session_end, which
runs for seconds and may reach the network, as usual). Importing `site` at start-up
(site-packages on sys.path, every `.pth` file run, a search for `sitecustomize`) is about 5 ms of CPU of a
regular venv's start, and nothing a per-turn hook imports is found only there: the package comes from
`HIPPOCAMPUS_PACKAGE_DIR` (else the folder above hooks/), everything else from the standard library.
`PYTHONPATH` is on sys.path with `-S` as without it. So under `-S` one finder, `SiteOnDemand`, goes last on
`sys.meta_path`: the first import that nothing else can find (PyYAML for a settings file, a package
installed only in site-packages, an optional module probed for) runs `site.main()`, the very step Python
skips under `-S`, and is looked up again, so it resolves as it would have in an ordinary start. Started
without `-S` (by hand, by an older bridge) nothing changes. hooks/README.md has the record.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class SiteOnDemand:
    """A meta path finder of last resort: import `site` (once), then find the module with what it added."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> object:
        if SiteOnDemand not in sys.meta_path:
            return None
        sys.meta_path.remove(SiteOnDemand)
        import site

        site.main()
        for finder in list(sys.meta_path):
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find is not None else None
            if spec is not None:
                return spec
        return None


def run(name: str) -> None:
    """Run hook `name` (hippocampus.hooks.main exits 0 whatever happens); exit 0 if the package is missing."""
    sys.path.insert(0, os.environ.get("HIPPOCAMPUS_PACKAGE_DIR") or os.path.dirname(HERE))
    if sys.flags.no_site and SiteOnDemand not in sys.meta_path:
        sys.meta_path.append(SiteOnDemand)
    try:
        from hippocampus.hooks import main
    except BaseException as exc:  # noqa: BLE001 - a broken install must leave the turn untouched
        sys.stderr.write(f"hippocampus: {name} failed open: cannot import hippocampus: {exc!r}\n")
        sys.exit(0)
    main(name)
