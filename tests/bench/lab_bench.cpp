// A lab's database under its members' load: N clients (default 50, each its own login role and
// connection, as N desktops) record validation runs and vendors' quotes as fast as they can for S
// seconds (default 60) against a PostgreSQL server this program starts (tests/support, with fsync
// on as a lab's server has it, on this machine's disk); then counts
// what the server holds against what the clients were told was stored. Every 20th run is pushed a
// second time, as a push retried after a lost answer: it must not be stored twice.
//   torchrig-bench-lab [CLIENTS] [SECONDS]
// Prints throughput, latency percentiles per kind, and lost and duplicated rows.

#include "postgres_lab_schema.h"
#include "postgres_server.h"
#include "postgres_shared_store.h"
#include "shared_store.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace torchrig;
using Clock = std::chrono::steady_clock;

namespace {

struct ClientTally {
    std::vector<double> runMs, quoteMs;
    long runsStored = 0, quotesStored = 0, retries = 0, failures = 0;
    std::string firstFailure;
};

double percentile(std::vector<double> values, double p) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1,
                           static_cast<std::size_t>(p * static_cast<double>(values.size())))];
}

db::ValidationRunRecord runOf(int client, long index) {
    db::ValidationRunRecord run;
    run.deviceName = "NVIDIA RTX 4090";
    run.deviceKind = "cuda:0";
    run.libtorchVersion = "2.5.1";
    run.model = "resnet50";
    run.machine = fmt::format("desktop-{}", client);
    run.uid = fmt::format("bench-{:03}-{:09}", client, index);
    run.requestJson = R"({"model": "resnet50", "batch": 64})";
    run.resultJson = fmt::format(R"({{"event": "result", "measured": {{"step_seconds": {}}}}})",
                                 0.1 + 1e-6 * static_cast<double>(index));
    return run;
}

// A login role and a connection each: as many desktops as clients. None on any failure, said.
std::vector<std::unique_ptr<db::SharedStore>> openMembers(test::PostgresServer& server, int clients) {
    std::vector<std::unique_ptr<db::SharedStore>> stores;
    for (int i = 0; i < clients; ++i) {
        const auto role = fmt::format("member{:02}", i);
        server.createLogin(role);
        if (auto granted = db::grantLabMembership(server.url(), role, false); !granted) {
            std::cerr << granted.error().text() << "\n";
            return {};
        }
        auto store = db::PostgresSharedStore::open(server.url(role));
        if (!store) {
            std::cerr << store.error().text() << "\n";
            return {};
        }
        stores.push_back(std::move(store).value());
    }
    return stores;
}

// One client until `end`: a run, then a quote, each timed; every 20th run pushed a second time.
void recordUntil(Clock::time_point end, int client, db::SharedStore& store, ClientTally& tally) {
    auto fail = [&](const Error& error) {
        if (tally.failures++ == 0)
            tally.firstFailure = error.text();
    };
    auto millisecondsSince = [](Clock::time_point start) {
        return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    };
    for (long i = 0; Clock::now() < end; ++i) {
        const auto start = Clock::now();
        if (i % 2 == 1) {
            auto id = store.addPrice("gpu/rtx-4090",
                                     Price{13999.0 + static_cast<double>(i % 100), "CNY", "2026-12-01",
                                           fmt::format("quote {}-{}", client, i), PriceKind::VendorQuote});
            tally.quoteMs.push_back(millisecondsSince(start));
            if (!id)
                fail(id.error());
            else
                ++tally.quotesStored;
            continue;
        }
        const auto run = runOf(client, i);
        auto id = store.addValidationRun(run);
        tally.runMs.push_back(millisecondsSince(start));
        if (!id) {
            fail(id.error());
            continue;
        }
        ++tally.runsStored;
        if (i % 40 == 0) { // the push tried again
            auto again = store.addValidationRun(run);
            ++tally.retries;
            if (!again || *again != *id)
                fail(again ? makeError(ErrorCode::Database, "a retried push got another id") : again.error());
        }
    }
}

ClientTally combined(const std::vector<ClientTally>& tallies) {
    ClientTally all;
    for (const auto& tally : tallies) {
        all.runMs.insert(all.runMs.end(), tally.runMs.begin(), tally.runMs.end());
        all.quoteMs.insert(all.quoteMs.end(), tally.quoteMs.begin(), tally.quoteMs.end());
        all.runsStored += tally.runsStored;
        all.quotesStored += tally.quotesStored;
        all.retries += tally.retries;
        all.failures += tally.failures;
        if (all.firstFailure.empty())
            all.firstFailure = tally.firstFailure;
    }
    return all;
}

// What the clients were told against what the server holds; the exit status: 0 when nothing was
// lost, duplicated or failed.
int report(const test::PostgresServer& server, const ClientTally& all, int clients, double elapsed) {
    auto count = [&](const char* sql) {
        return std::atol(server.sql(sql).c_str());
    };
    const long runRows = count("SELECT count(*) FROM torchrig.validation_run");
    const long distinctRuns = count("SELECT count(DISTINCT run_uid) FROM torchrig.validation_run");
    const long quoteRows = count("SELECT count(*) FROM torchrig.price");
    const long distinctQuotes = count("SELECT count(DISTINCT source) FROM torchrig.price");
    const long writes = all.runsStored + all.quotesStored + all.retries;
    fmt::print("{} clients for {:.1f} s against PostgreSQL on a Unix socket, fsync on ({} cores here)\n",
               clients, elapsed, std::thread::hardware_concurrency());
    fmt::print("writes: {} ({:.0f}/s): runs {} + retried pushes {}, quotes {}; failures {}{}\n", writes,
               static_cast<double>(writes) / elapsed, all.runsStored, all.retries, all.quotesStored,
               all.failures, all.failures ? " (first: " + all.firstFailure + ")" : std::string());
    for (const auto& [kind, ms] :
         {std::pair{"run latency ms:  ", &all.runMs}, {"quote latency ms:", &all.quoteMs}})
        fmt::print("{} p50 {:.2f}  p90 {:.2f}  p99 {:.2f}  max {:.2f}\n", kind, percentile(*ms, 0.5),
                   percentile(*ms, 0.9), percentile(*ms, 0.99), percentile(*ms, 1.0));
    const long lostRuns = std::max(0L, all.runsStored - distinctRuns), extraRuns = runRows - distinctRuns;
    const long lostQuotes = std::max(0L, all.quotesStored - distinctQuotes),
               extraQuotes = quoteRows - distinctQuotes;
    fmt::print("server holds: runs {} ({} distinct), quotes {} ({} distinct)\n", runRows, distinctRuns,
               quoteRows, distinctQuotes);
    fmt::print("lost: runs {}, quotes {}; duplicated: runs {}, quotes {}; stored but not acknowledged: {}\n",
               lostRuns, lostQuotes, extraRuns, extraQuotes,
               (distinctRuns - all.runsStored) + (distinctQuotes - all.quotesStored));
    return lostRuns + lostQuotes + extraRuns + extraQuotes + all.failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
    const int clients = argc > 1 ? std::atoi(argv[1]) : 50;
    const int seconds = argc > 2 ? std::atoi(argv[2]) : 60;
    if (clients < 1 || clients > 90 || seconds < 1) {
        std::cerr << "usage: torchrig-bench-lab [CLIENTS 1-90] [SECONDS]\n";
        return 2;
    }
    test::PostgresServer server(test::PostgresServer::Commits::Durable); // fsync on, as a lab's server
    if (auto migrated = db::migrateLab(server.url()); !migrated) {
        std::cerr << migrated.error().text() << "\n";
        return 1;
    }
    auto stores = openMembers(server, clients);
    if (stores.empty())
        return 1;
    std::vector<ClientTally> tallies(static_cast<std::size_t>(clients));
    std::atomic<bool> go{false};
    const auto end = Clock::now() + std::chrono::seconds(seconds) + std::chrono::milliseconds(200);
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c)
        threads.emplace_back([&, c] {
            while (!go)
                std::this_thread::yield();
            recordUntil(end, c, *stores[static_cast<std::size_t>(c)], tallies[static_cast<std::size_t>(c)]);
        });
    const auto started = Clock::now();
    go = true;
    for (auto& thread : threads)
        thread.join();
    const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
    stores.clear();
    return report(server, combined(tallies), clients, elapsed);
}
