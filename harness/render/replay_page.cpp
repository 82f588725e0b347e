#include "harness/render/replay_page.h"

#include <string_view>

namespace pathbench {
namespace assets {
// assets/replay.html, compiled in by embed_asset.cmake.
extern const std::string_view kReplayPage;
}  // namespace assets

namespace {

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

}  // namespace

std::string replay_page(const std::string& title, const std::string& json) {
  // Split once at the data slot, so neither the title nor the data is searched for placeholders.
  constexpr std::string_view kDataSlot = "@TRACE_DATA@";
  const std::string_view page = assets::kReplayPage;
  const std::size_t slot = page.find(kDataSlot);
  const std::string_view head = page.substr(0, slot);
  const std::string_view tail = page.substr(slot + kDataSlot.size());
  std::string out = replace_all(std::string(head), "@TITLE@", title);
  out += json;
  out += tail;
  return out;
}

}  // namespace pathbench
