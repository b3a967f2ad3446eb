"""``peloponnes replay SAVE --html FILE``: one self-contained page that steps through a saved
game decision by decision: the table as it stood (the variant's compact ``render_view``, as
text) and what happened since the previous decision (the narrator). Nothing is fetched from the
network; the page works offline."""
from __future__ import annotations

import html
import io
import json
from dataclasses import dataclass, replace

from rich.console import Console
from rich.pretty import Pretty

from peloponnes.core.engine import Game
from peloponnes.table.narrate import narrate
from peloponnes.table.score_sheet import sheet_lines


@dataclass(frozen=True)
class Step:
    title: str          # "Decision 12 of 140 · round 3 · Ada"
    story: list[str]    # what happened since the previous step
    table: str          # the table as text
    choice: str         # what was answered ("" at the end)


def table_text(game: Game, seat: int, drawn_before: dict | None = None) -> str:
    """The compact table ``seat`` sees, as text; ``drawn_before`` remembers tables already
    drawn (consecutive decisions often share one: drawing is the slow part)."""
    view = game.view(seat)
    key = json.dumps(view, sort_keys=True, default=str)
    if drawn_before is not None and key in drawn_before:
        return drawn_before[key]
    drawn = game.hook.render_view(view=view, layout="compact")
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    console.print(drawn if drawn is not None else Pretty(view))
    text = console.export_text()
    if drawn_before is not None:
        drawn_before[key] = text
    return text


def steps_of(game: Game, answers: list[str], seat: int | None = None) -> list[Step]:
    """Replay ``answers`` on the fresh ``game`` and record a step per decision. The table is
    drawn for ``seat`` (None: the seat deciding), as a person at it would see it; the story is
    told for ``seat`` (None: a spectator, who sees no one's hidden holdings)."""
    game.seats = [replace(s, agent="human") for s in game.seats]   # views drawn for people
    game.start()
    steps, told, drawn = [], 0, {}
    total = len(answers)
    for i, answer in enumerate(answers):
        decision = game.pending
        if decision is None:
            break
        story = narrate(game, game.events[told:], seat)
        told = len(game.events)
        option = decision.option(answer)
        name = game.seats[decision.seat].name
        steps.append(Step(f"Decision {i + 1} of {total} · round {game.round} · {name}: "
                          f"{decision.prompt}", story,
                          table_text(game, decision.seat if seat is None else seat, drawn),
                          f"{name} chose: {option.label if option else answer}"))
        game.choose(answer)
    story = narrate(game, game.events[told:], seat)
    last = "Game over" if game.finished else "The game is paused here"
    final = table_text(game, 0 if seat is None else seat) if game.state is not None else ""
    if game.finished:               # how each score was counted, under the final table
        final = "\n".join([final, *sheet_lines(game)])
    steps.append(Step(last, story, final, ""))
    return steps


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em 2em; background: #fafafa; color: #222; }}
pre {{ font-family: monospace; font-size: 13px; background: #fff; border: 1px solid #ccc;
      padding: .5em; overflow-x: auto; }}
nav button {{ font-size: 1em; margin-right: .4em; }}
#story li {{ margin: .15em 0; white-space: pre-line; }}
#choice {{ font-weight: bold; }}
</style></head>
<body>
<h1>{title}</h1>
<nav><button id="first">|&lt;</button><button id="prev">&lt; previous</button>
<button id="next">next &gt;</button><button id="last">&gt;|</button>
<input id="slider" type="range" min="0" value="0"> <span id="where"></span></nav>
<h2 id="step"></h2>
<h3>What happened</h3><ul id="story"></ul>
<p id="choice"></p>
<h3>The table</h3><pre id="table"></pre>
<p><small>Arrow keys step through the game.</small></p>
<script id="steps" type="application/json">{steps}</script>
<script>
(function () {{
  var steps = JSON.parse(document.getElementById("steps").textContent);
  var slider = document.getElementById("slider");
  var at = 0;
  slider.max = steps.length - 1;
  function show(i) {{
    at = Math.max(0, Math.min(steps.length - 1, i));
    var s = steps[at];
    slider.value = at;
    document.getElementById("where").textContent = (at + 1) + " / " + steps.length;
    document.getElementById("step").textContent = s.title;
    var list = document.getElementById("story");
    list.textContent = "";
    s.story.forEach(function (line) {{
      var li = document.createElement("li"); li.textContent = line; list.appendChild(li);
    }});
    document.getElementById("choice").textContent = s.choice;
    document.getElementById("table").textContent = s.table;
    document.body.setAttribute("data-step", String(at));
  }}
  document.getElementById("first").onclick = function () {{ show(0); }};
  document.getElementById("prev").onclick = function () {{ show(at - 1); }};
  document.getElementById("next").onclick = function () {{ show(at + 1); }};
  document.getElementById("last").onclick = function () {{ show(steps.length - 1); }};
  slider.oninput = function () {{ show(parseInt(slider.value, 10)); }};
  document.addEventListener("keydown", function (e) {{
    if (e.key === "ArrowRight") show(at + 1);
    if (e.key === "ArrowLeft") show(at - 1);
  }});
  window.addEventListener("error", function () {{
    document.body.setAttribute("data-errors", "1");
  }});
  show(0);
  document.body.setAttribute("data-steps", String(steps.length));
  document.body.setAttribute("data-ready", "1");
}})();
</script>
</body></html>
"""


def replay_page(title: str, steps: list[Step]) -> str:
    data = json.dumps([step.__dict__ for step in steps], ensure_ascii=False)
    data = data.replace("<", "\\u003c")      # nothing inside <script> can end it early
    return PAGE.format(title=html.escape(title), steps=data)
