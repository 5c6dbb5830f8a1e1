"""The agency world's mail, calendars and spreadsheets: volumes, build time, and an agency
episode's databases (`python bench/agency_comms.py`; `--quick`: one tiny round).

Prints one `figure: value unit` line each. The world build is the mean over seeds (20, or 2
with `--quick`); `agency_comms` alone is measured on worlds already built.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from arcadia.apps.kernel import EpisodeStore
from arcadia.apps.registry import load_specs
from arcadia.world import WorldSpec, generate_world
from arcadia.world.agency.comms import agency_comms

APPS = ("bullhorn", "mail", "calendar", "sheets")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="one tiny round")
    args = parser.parse_args(argv)
    seeds = range(1, 3 if args.quick else 21)

    w = generate_world(WorldSpec(name="agency", seed=1))
    c, domain = w.comms, "@" + w.domain
    copies: Counter[str] = Counter()
    for m in c.mail:
        for a in {x.address for x in (m.sender, *m.to, *m.cc) if x.address.endswith(domain)}:
            copies[a] += 1
    print(f"agency_messages_seed1: {len(c.mail)} messages")
    print(f"agency_threads_seed1: {len({m.conversation_id for m in c.mail})} threads")
    print(f"agency_mailbox_copies_seed1: {sum(copies.values())} copies")
    print(f"agency_fewest_copies_per_mailbox: {min(copies.values())} copies")
    print(f"agency_meetings_seed1: {len(c.meetings)} meetings")
    print(f"agency_sheet_rows_seed1: "
          f"{sum(len(t.rows) - 1 for s in w.sheets.spreadsheets for t in s.tabs)} rows")

    t = time.perf_counter()
    worlds = [generate_world(WorldSpec(name="agency", seed=s)) for s in seeds]
    print(f"agency_world_build: {(time.perf_counter() - t) / len(worlds) * 1000:.1f} ms")
    t = time.perf_counter()
    for world in worlds:
        agency_comms(world)
    print(f"agency_comms_generation: {(time.perf_counter() - t) / len(worlds) * 1000:.1f} ms")

    store = EpisodeStore(load_specs(APPS))
    t = time.perf_counter()
    tpl = store.template(WorldSpec(name="agency", seed=1))
    print(f"agency_template_build: {time.perf_counter() - t:.2f} s")
    sizes = {k: db.size_bytes() / 1e6 for k, db in tpl.dbs.items()}
    for app in APPS:
        print(f"agency_{app}_db: {sizes[app]:.1f} MB")
    ep = store.create(WorldSpec(name="agency", seed=1))
    t = time.perf_counter()
    for app in APPS:
        ep.dbs[app]
    print(f"agency_episode_clone_four_dbs: {(time.perf_counter() - t) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
