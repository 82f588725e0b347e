#include "harness/render/replay_page.h"

#include <string_view>

#include "harness/text/template_fill.h"

namespace pathbench {
namespace assets {
// assets/replay.html, compiled in by embed_asset.cmake.
extern const std::string_view kReplayPage;
}  // namespace assets

std::string replay_page(const std::string& title, const std::string& json) {
  // One pass: neither the title nor the (large) data is searched for slots.
  return fill_template(assets::kReplayPage, {{"TITLE", title}, {"TRACE_DATA", json}});
}

}  // namespace pathbench
