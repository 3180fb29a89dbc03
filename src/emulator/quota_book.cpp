#include "paa/emulator/quota_book.hpp"

namespace paa::emulator {

namespace chr = std::chrono;

chr::year_month_day add_one_month(chr::year_month_day d) {
  chr::year_month_day next = d + chr::months{1};
  if (!next.ok()) next = chr::year_month_day_last(next.year(), chr::month_day_last(next.month()));
  return next;
}

chr::year_month_day first_of_next_month(TimePoint now) {
  chr::year_month_day today{chr::floor<chr::days>(now)};
  return add_one_month(chr::year_month_day{today.year(), today.month(), chr::day{1}});
}

QuotaBook::QuotaBook(std::vector<KeyConfig> keys, chr::year_month_day renewal_date,
                     std::optional<chr::seconds> renew_after)
    : configs_(std::move(keys)), renew_after_(renew_after) {
  states_.reserve(configs_.size());
  for (std::size_t i = 0; i < configs_.size(); ++i) {
    const KeyConfig& k = configs_[i];
    states_.push_back(KeyQuota{k.active, k.searches, k.payg, renewal_date, renewal_date, std::nullopt});
    by_secret_.emplace(k.secret, i);
  }
}

std::optional<std::size_t> QuotaBook::find(std::string_view secret) const {
  auto it = by_secret_.find(std::string(secret));
  if (it == by_secret_.end()) return std::nullopt;
  return it->second;
}

void QuotaBook::refill(std::size_t id, bool with_payg) {
  KeyQuota& s = states_[id];
  s.searches_left = configs_[id].searches;
  if (with_payg) s.payg_left = configs_[id].payg;
  s.exhausted_at.reset();
  s.renewal_date = add_one_month(s.renewal_date);
}

void QuotaBook::refresh(std::size_t id, TimePoint now) {
  KeyQuota& s = states_[id];
  // The test knob: refill monthly searches and credits S seconds after running out.
  if (renew_after_ && s.exhausted_at && now >= *s.exhausted_at + *renew_after_) refill(id, true);
  // The calendar: on the renewal date the monthly searches come back; bought credits do not expire.
  chr::year_month_day today{chr::floor<chr::days>(now)};
  while (chr::sys_days{today} >= chr::sys_days{s.renewal_date}) refill(id, false);
  announce(id, now);
}

void QuotaBook::announce(std::size_t id, TimePoint now) {
  KeyQuota& s = states_[id];
  // With --renew-after-seconds the quota really resets S seconds after it runs out, so the
  // honest renewalDate is the day of that instant, not the calendar date: a client that waits
  // for renewalDate (as the spec invites) then resumes within seconds.
  if (renew_after_) {
    s.announced_date = chr::year_month_day{chr::floor<chr::days>(s.exhausted_at.value_or(now) + *renew_after_)};
  } else {
    s.announced_date = s.renewal_date;
  }
}

Charge QuotaBook::charge(std::size_t id, TimePoint now) {
  refresh(id, now);
  KeyQuota& s = states_[id];
  Charge result = Charge::exhausted;
  if (s.searches_left > 0) {
    --s.searches_left;
    result = Charge::monthly_search;
  } else if (s.payg_left > 0) {
    --s.payg_left;
    result = Charge::payg_credit;
  }
  if (s.searches_left == 0 && s.payg_left == 0 && !s.exhausted_at) s.exhausted_at = now;
  announce(id, now);
  return result;
}

}  // namespace paa::emulator
