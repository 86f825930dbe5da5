// A plugin is loaded only when nobody but root or the current user can change
// it: the file, its folder and every folder above, links resolved first.
#include "test_support.hpp"

#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_plugin_trust {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

// A folder holding a copy of a built-in plugin (tests run under /tmp: sticky, root's).
struct plugin_folder {
  testing::temp_dir top;
  fs::path dir = top / "plugins";
  plugin_folder() {
    fs::create_directories(dir);
    fs::copy_file(plugin_registry::builtin_dir() / "ratekit-fide-logistic.so", dir / "ratekit-fide-logistic.so");
  }
  std::string refusal(const fs::path& scan) const {
    const plugin_registry r({scan});
    if (!r.plugins().empty()) return "";
    REQUIRE(r.refused().size() == 1);
    return r.refused()[0].reason;
  }
};

}  // namespace

TEST_CASE("a plugin folder nobody else can write is trusted, under a sticky /tmp owned by root", "[security][trust]") {
  const plugin_folder f;
  CHECK(f.refusal(f.dir) == "");
}

TEST_CASE("group- or world-writable plugin folders are refused, sticky or not", "[security][trust]") {
  const plugin_folder f;
  ::chmod(f.dir.c_str(), 0775);
  CHECK_THAT(f.refusal(f.dir), Catch::Contains("its folder " + f.dir.string() + " is writable by its group"));
  ::chmod(f.dir.c_str(), 01777);
  CHECK_THAT(f.refusal(f.dir), Catch::Contains("is writable by others (a sticky bit still lets them add plugins)") &&
                                   Catch::Contains("--allow-insecure-plugins"));
  CHECK(plugin_registry({f.dir}, true).find("fide-logistic") != nullptr);  // the explicit override
}

TEST_CASE("a writable plugin file or a folder above that others can write is refused", "[security][trust]") {
  const plugin_folder f;
  ::chmod((f.dir / "ratekit-fide-logistic.so").c_str(), 0666);
  CHECK_THAT(f.refusal(f.dir), Catch::Contains("the plugin file") && Catch::Contains("is writable by others"));
  ::chmod((f.dir / "ratekit-fide-logistic.so").c_str(), 0644);
  ::chmod(f.top.path().c_str(), 0777);  // others could rename plugins/ away and put their own
  CHECK_THAT(f.refusal(f.dir), Catch::Contains("the folder " + f.top.path().string() + " is writable by others"));
  ::chmod(f.top.path().c_str(), 01777);  // sticky, but not root's: the owner could still swap it
  if (::geteuid() != 0) CHECK_THAT(f.refusal(f.dir), Catch::Contains("is writable by others"));
}

TEST_CASE("a link from a safe folder into an unsafe one is judged by where it leads", "[security][trust]") {
  const plugin_folder f;
  ::chmod(f.dir.c_str(), 0777);
  const fs::path safe = f.top / "safe";
  fs::create_directories(safe);
  fs::create_symlink(f.dir / "ratekit-fide-logistic.so", safe / "ratekit-fide-logistic.so");
  CHECK_THAT(f.refusal(safe), Catch::Contains(f.dir.string() + " is writable by others"));
  fs::create_directory_symlink(f.dir, f.top / "alias");
  CHECK_THAT(f.refusal(f.top / "alias"), Catch::Contains(f.dir.string() + " is writable by others"));
}

TEST_CASE("a plugin file owned by another user is refused", "[security][trust]") {
  if (::geteuid() != 0) return;  // only root can give a file away
  const plugin_folder f;
  REQUIRE(::chown((f.dir / "ratekit-fide-logistic.so").c_str(), 65534, 65534) == 0);
  CHECK_THAT(f.refusal(f.dir), Catch::Contains("belongs to user 65534, not to root or you"));
}

TEST_CASE("a second plugin of an id already loaded is an error naming both files", "[security][trust]") {
  const plugin_folder f;
  CHECK_THROWS_WITH(plugin_registry({f.dir, plugin_registry::builtin_dir()}),
                    Catch::Contains("ratekit-fide-logistic.so: plugin id 'fide-logistic' is already loaded from " +
                                    (f.dir / "ratekit-fide-logistic.so").string()));
  CHECK_NOTHROW(plugin_registry({plugin_registry::builtin_dir(), plugin_registry::builtin_dir()}));  // the same folder twice
}

TEST_CASE("a plugin of a --plugin-dir replaces the installed one of its id, and only that one", "[security][trust]") {
  const plugin_folder f;
  const fs::path builtin = plugin_registry::builtin_dir();
  const plugin_registry r({f.dir, builtin}, false, 1);  // f.dir given with --plugin-dir
  CHECK(r.get("fide-logistic")->file() == f.dir / "ratekit-fide-logistic.so");
  CHECK(r.get("glicko")->file() == builtin / "ratekit-glicko.so");  // the other models as installed
  REQUIRE(r.replaced().size() == 1);
  CHECK(r.replaced()[0].file == builtin / "ratekit-fide-logistic.so");
  CHECK(r.replaced()[0].reason == "replaced by " + (f.dir / "ratekit-fide-logistic.so").string() + " (--plugin-dir)");
  // Two --plugin-dir folders with one id: which is meant is unknown.
  const plugin_folder g;
  CHECK_THROWS_WITH(plugin_registry({f.dir, g.dir, builtin}, false, 2),
                    Catch::Contains("plugin id 'fide-logistic' is already loaded from " +
                                    (f.dir / "ratekit-fide-logistic.so").string()));
}

TEST_CASE("ratekit --plugin-dir runs every command with its plugin in place of the installed one", "[security][trust][cli]") {
  const plugin_folder f;
  const std::string flag = "--plugin-dir " + f.dir.string() + " ";
  const std::string notice = "plugin 'fide-logistic' of " + (f.dir / "ratekit-fide-logistic.so").string() +
                             " replaces the one installed at " +
                             (plugin_registry::builtin_dir() / "ratekit-fide-logistic.so").string() + " for this command";
  const auto run = testing::run_cli(flag + "run " + testing::source_path("configs/world-cup-elo.yaml").string() +
                                    " --out " + (f.top / "out").string());
  CHECK(run.status == 0);
  CHECK_THAT(run.out, Catch::Contains(notice));
  const auto other = testing::run_cli(flag + "expect glicko 1500:200 1400:30");  // a model it does not replace
  CHECK(other.status == 0);
  const auto listing = testing::run_cli(flag + "plugins");
  CHECK_THAT(listing.out, Catch::Contains("replaced: " + (plugin_registry::builtin_dir() / "ratekit-fide-logistic.so").string()));
  CHECK(testing::run_cli("-q " + flag + "plugins").out.find(notice) == std::string::npos);
}

TEST_CASE("an installed ratekit never searches the build tree", "[security][trust]") {
  const testing::temp_dir prefix;
  fs::create_directories(prefix / "bin");
  fs::copy_file(RATEKIT_EXE, prefix / "bin/ratekit");
  const auto r = testing::run_cli("plugins");  // the build's own binary: the build's plugins
  CHECK_THAT(r.out, Catch::Contains("fide-logistic"));
  FILE* pipe = ::popen(((prefix / "bin/ratekit").string() + " plugins 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  ::pclose(pipe);
  CHECK(out.find("fide-logistic") == std::string::npos);
  CHECK(out.find(plugin_registry::builtin_dir().string()) == std::string::npos);
}

}  // namespace test_plugin_trust
