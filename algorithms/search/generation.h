// Generation stamps: the one scheme every search uses to start a query in O(1) instead of clearing
// its per-id records. A record carries the stamp of the last search that touched it; older stamps
// read as "unseen". Each search owns two values, open() (seen: on the open list, or simply
// touched, for users that need one state) and closed(). On wrap-around the owner zeroes its stamps
// once (every ~2^30 searches).
#pragma once

#include <cstdint>

namespace pathbench {

class Generation {
 public:
  // Begins the next search. True when the values wrapped: the caller must set every stamp to 0
  // before using open() / closed() again.
  [[nodiscard]] bool advance() {
    if (gen_ >= kMaxGen) {
      gen_ = 1;
      return true;
    }
    ++gen_;
    return false;
  }
  std::uint32_t open() const { return 2 * gen_; }
  std::uint32_t closed() const { return 2 * gen_ + 1; }
  bool seen(std::uint32_t stamp) const { return stamp >= 2 * gen_; }
  bool is_closed(std::uint32_t stamp) const { return stamp == 2 * gen_ + 1; }

 private:
  static constexpr std::uint32_t kMaxGen = 0x7FFFFFF0u;
  std::uint32_t gen_ = 0;  // 0: no search yet (every zero stamp is older than open())
};

}  // namespace pathbench
