// torchrig-cli: the planner from a terminal or a script.

#include "build_command.h"
#include "catalog_command.h"
#include "estimate_command.h"
#include "exit_codes.h"
#include "finite_numbers.h"
#include "fit_command.h"
#include "lab_command.h"
#include "model_command.h"
#include "plan_command.h"
#include "torchrig_version.h"
#ifdef TORCHRIG_WITH_REPORT
#include "report_command.h"
#endif
#include "validate_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <new>
#include <stdexcept>

namespace {
constexpr const char* kTooLargeToPlan =
    "torchrig-cli: the workload or file is too large to plan (its sizes multiply past what memory can "
    "hold); nothing was changed. Give a smaller batch, sequence or model\n";
} // namespace

int main(int argc, char** argv) {
    CLI::App app{"TorchRig: plan the hardware for training PyTorch models", "torchrig-cli"};
    app.require_subcommand(1);
    app.fallthrough(); // global options may also follow the subcommand: "catalog list --no-user-db"
    app.set_version_flag("--version", "torchrig-cli " TORCHRIG_VERSION);
    torchrig::cli::GlobalOptions options;
    app.add_option("--catalog", options.catalogPath,
                   "The bundled catalog file (default: beside the program, or $TORCHRIG_CATALOG)");
    app.add_option("--user-db", options.userDbPath,
                   "Your parts database (default: the app-data folder, or $TORCHRIG_USER_DB)");
    app.add_flag("--no-user-db", options.noUserDb, "Use the bundled catalog alone");
    app.add_flag("--read-only", options.readOnly, "Open your parts database without changing it");
    app.add_option("--lab", options.labUrl,
                   "A lab's shared database: postgresql://YOU@HOST/DATABASE (or $TORCHRIG_LAB); its prices, "
                   "quotes, runs and calibrations are used and written")
        ->envname("TORCHRIG_LAB");

    torchrig::cli::CatalogCommand catalog(app, options);
    torchrig::cli::ValidateCommand validate(app, options);
    torchrig::cli::EstimateCommand estimate(app, options);
    torchrig::cli::FitCommand fit(app, options);
    torchrig::cli::BuildCommand build(app, options);
    torchrig::cli::ModelCommand model(app, options);
    torchrig::cli::PlanCommand plan(app, options);
    torchrig::cli::LabCommand lab(app, options);
#ifdef TORCHRIG_WITH_REPORT
    torchrig::cli::ReportCommand report(app, options);
#endif
    torchrig::cli::refuseNonFiniteNumbers(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return torchrig::cli::kExitUsage;
    }
    // Every refusal a person can act on comes back as a value with its exit status; what a library
    // still throws is caught here, so no input ends in an abort and a core dump.
    try {
        if (catalog.selected())
            return catalog.run();
        if (validate.selected())
            return validate.run();
        if (estimate.selected())
            return estimate.run();
        if (fit.selected())
            return fit.run();
        if (build.selected())
            return build.run();
        if (model.selected())
            return model.run();
        if (plan.selected())
            return plan.run();
        if (lab.selected())
            return lab.run();
#ifdef TORCHRIG_WITH_REPORT
        if (report.selected())
            return report.run(argc, argv);
#endif
    } catch (const std::bad_array_new_length&) {
        // Sizes a workload or file gives that no array can hold: the input is too large, not a bug.
        std::cerr << kTooLargeToPlan;
        return torchrig::cli::kExitInvalid;
    } catch (const std::length_error&) {
        std::cerr << kTooLargeToPlan;
        return torchrig::cli::kExitInvalid;
    } catch (const nlohmann::json::type_error& e) {
        // 316: a text read from a file or the catalog that the readers let through is not UTF-8;
        // what was printed would not be JSON, so nothing is printed.
        if (e.id != 316) {
            std::cerr << "torchrig-cli: an unexpected failure (" << std::string(e.what()).substr(0, 200)
                      << "); nothing was changed. Please report it with the command line that caused it\n";
            return torchrig::cli::kExitFailure;
        }
        std::cerr << "torchrig-cli: a text to print (a part's name, a source or a title) is not UTF-8, so "
                     "no JSON was printed; nothing was changed. Run the command without --json to see "
                     "which, and correct it in the file or the catalog it comes from\n";
        return torchrig::cli::kExitInvalid;
    } catch (const std::bad_alloc&) {
        std::cerr << "torchrig-cli: out of memory; nothing was changed. Try a smaller workload or file\n";
        return torchrig::cli::kExitFailure;
    } catch (const std::exception& e) {
        std::cerr << "torchrig-cli: an unexpected failure (" << std::string(e.what()).substr(0, 200)
                  << "); nothing was changed. Please report it with the command line that caused it\n";
        return torchrig::cli::kExitFailure;
    }
    return torchrig::cli::kExitUsage;
}
