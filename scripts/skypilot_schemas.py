"""Refresh bot/sales/data/skypilot_schemas.json from the installed SkyPilot ('.[launch]').

`infrabot plan` (without SkyPilot installed) and the tests validate tasks against these schemas,
SkyPilot's own (sky/utils/schemas.py, Apache-2.0).
"""

import json
from pathlib import Path

import sky
from sky.utils import schemas

TARGET = Path(__file__).resolve().parent.parent / "bot" / "sales" / "data" / "skypilot_schemas.json"


def main() -> None:
    data = {
        "skypilot_version": sky.__version__,
        "source": "sky/utils/schemas.py (get_task_schema, get_resources_schema, "
        "get_storage_schema), https://github.com/skypilot-org/skypilot, Apache-2.0",
        "task": schemas.get_task_schema(),
        "resources": schemas.get_resources_schema(),
        "storage": schemas.get_storage_schema(),
    }
    TARGET.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{TARGET}: SkyPilot {sky.__version__}")


if __name__ == "__main__":
    main()
