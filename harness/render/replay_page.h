// The HTML/JavaScript shell of `pathbench render --html` (assets/replay.html, compiled in): one
// self-contained page (no network, no server) that replays traced searches on canvases.
// trace_renderer.cpp builds the data.
//
// Data contract (JSON, see render_html): view {x0, y0, width, height, cell}; rows (the view's
// map rows as '.'/'@'); start, goal (view-local cell indices, -1 outside the view); colors; panels
// [{label, stats, expansions, expanded[], generated[], generated_at[], frontier[], path[],
// scanned[], scanned_at[]}] with cells as view-local indices (y * width + x, -1 outside).
// Step k shows, per panel, the first min(k, expansions) expansions and every record with
// at <= that count; the path appears once a panel has shown all its expansions.
// DOM contract (tests rely on it): #count-<i> holds panel i's shown expansion count, #step the
// global step, body[data-ready="1"] once initialised; "#step=N" / "#step=end" in the URL (or
// "?step=N") advances there on load.
#pragma once

#include <string>

namespace pathbench {

// `title` must already be HTML-escaped; `json` must not contain '<'.
std::string replay_page(const std::string& title, const std::string& json);

}  // namespace pathbench
