#include "harness/text/template_fill.h"

#include <set>
#include <stdexcept>

namespace pathbench {

std::string fill_template(std::string_view page, const std::map<std::string, std::string>& slots) {
  std::string out;
  out.reserve(page.size());
  std::set<std::string> used;
  std::size_t at = 0;
  while (at < page.size()) {
    const std::size_t open = page.find('@', at);
    if (open == std::string_view::npos) break;
    const std::size_t close = page.find('@', open + 1);
    if (close == std::string_view::npos) break;
    const auto slot = slots.find(std::string(page.substr(open + 1, close - open - 1)));
    if (slot == slots.end()) {  // not a slot: keep the first @ and look again from the second
      out.append(page.substr(at, close - at));
      at = close;
      continue;
    }
    out.append(page.substr(at, open - at));
    out += slot->second;
    used.insert(slot->first);
    at = close + 1;
  }
  out.append(page.substr(at));
  for (const auto& [name, value] : slots)
    if (!used.count(name)) throw std::logic_error("page template has no slot @" + name + "@");
  return out;
}

}  // namespace pathbench
