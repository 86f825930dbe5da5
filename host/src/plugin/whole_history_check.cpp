#include "plugin/whole_history_check.hpp"

#include <cstring>
#include <utility>

namespace ratekit {

namespace {

const rk_param_spec* param_named(const rk_descriptor& d, const char* key) {
  for (uint32_t i = 0; i < d.param_count; ++i)
    if (std::strcmp(d.params[i].key, key) == 0) return &d.params[i];
  return nullptr;
}

std::string extension_problem(const rk_ext_whole_history* x) {
  if (!x) return "declares a whole history (RK_CAP_WHOLE_HISTORY) but has no extension '" RK_EXT_WHOLE_HISTORY "'";
  if (x->struct_size < RK_EXT_WHOLE_HISTORY_SIZE_1) return "whole-history extension with struct_size too small";
  if (x->struct_size >= RK_EXT_WHOLE_HISTORY_SIZE_2 && (!x->warm_state != !x->warm_start_state ||
                                                        (x->warm_state ? x->warm_width < 1 || x->warm_width > 16
                                                                       : x->warm_width != 0)))
    return "whole-history extension with warm_state and warm_start_state not both given, or a warm_width not "
           "from 1 to 16 with them (0 without)";
  const std::pair<bool, const char*> calls[] = {{x->load != nullptr, "load"},
                                                {x->sweep != nullptr, "sweep"},
                                                {x->estimates != nullptr, "estimates"},
                                                {x->log_evidence != nullptr, "log_evidence"},
                                                {x->drift != nullptr, "drift"}};
  for (const auto& [present, name] : calls)
    if (!present) return std::string("whole-history extension without its function '") + name + "'";
  return "";
}

}  // namespace

std::string whole_history_problem(const rk_plugin_entry& entry, const rk_ext_whole_history* extension) {
  if (std::string why = extension_problem(extension); !why.empty()) return why;
  const rk_descriptor& d = *entry.descriptor;
  if (d.state_count < 2 || std::strcmp(d.state[1].name, "deviation") != 0)
    return "a whole-history model's state field 1 must be 'deviation' (the standard deviation of 'rating')";
  const rk_param_spec* epsilon = param_named(d, "epsilon");
  if (!epsilon || epsilon->type != RK_PARAM_NUMBER || epsilon->min < 0)
    return "a whole-history model needs the parameter 'epsilon', a number from 0: the largest change of a mean "
           "that ends the sweeps";
  const rk_param_spec* iterations = param_named(d, "iterations");
  if (!iterations || iterations->type != RK_PARAM_INTEGER || iterations->min < 1)
    return "a whole-history model needs the parameter 'iterations', a whole number from 1: the most sweeps";
  if ((d.capabilities & RK_CAP_TEAMS) && !(RK_HAS_FIELD(&entry, rk_plugin_entry, expect_teams) && entry.expect_teams))
    return "declares team matches but has no expect_teams";
  return "";
}

}  // namespace ratekit
