#pragma once
// A build as a lab plans it: catalog parts with quantities on one or more identical nodes, the
// workloads it is for, notes and the purchasing fields. Each part keeps a snapshot of the specs
// and the price used, so a build file opened elsewhere shows the same numbers and can say where
// the local catalog differs.

#include "estimate/host_needs.h"
#include "estimate/memory_estimate.h"
#include "hardware/part_category.h"
#include "hardware/price.h"
#include "workload/workload.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace torchrig::plan {

using SpecValue = std::variant<std::monostate, std::int64_t, double, std::string>;

struct PartSnapshot {
    std::string name;
    PartCategory category = PartCategory::Gpu;
    std::map<std::string, SpecValue, std::less<>> fields; // the catalog's columns as they were
    std::optional<Price> price;                           // the price used, with its date and source

    std::optional<double> number(std::string_view column) const; // absent, text or null: none
    std::string text(std::string_view column) const;             // absent, a number or null: ""

    bool operator==(const PartSnapshot&) const = default;
};

struct BuildPart {
    std::string partId; // the catalog id: "gpu/rtx-4090"
    int quantity = 1;   // per node
    std::string note;
    PartSnapshot snapshot;

    bool operator==(const BuildPart&) const = default;
};

// A vendor's offer. Tied to a part (partId), its amount is that part's unit price on the sheet and
// in every total, in place of the catalog's; without a part it is a quote for the whole build.
struct VendorQuote {
    std::string vendor;
    double amount = 0;
    std::string currency;
    std::string date;
    std::string reference;
    std::string partId;     // the build part it prices, or empty
    std::string validUntil; // "YYYY-MM-DD", or empty
    // Whether the amount includes VAT (含税价); none: as its market quotes (quoteIncludesTax).
    std::optional<bool> taxIncluded;
    // Why the user chose this quote for its part over the lowest valid one; empty: not chosen by
    // hand (the lowest valid quote prices the part).
    std::string chosenBecause;

    bool operator==(const VendorQuote&) const = default;
};

// A field the lab's purchasing office asks for (项目名称, 存放地点 …) with the build's answer.
struct PurchaseField {
    std::string label;
    std::string value;

    bool operator==(const PurchaseField&) const = default;
};

struct Purchasing {
    std::string requester;
    std::string group;
    std::string budgetCode;
    // The budget code's amount, to hold the total against (0: not given), in budgetCurrency.
    double budget = 0;
    std::string budgetCurrency;
    std::vector<VendorQuote> quotes;
    // The answers to the office's own fields (Preferences' sheet template names them), kept with
    // the build and printed on its sheet.
    std::vector<PurchaseField> fields;

    bool operator==(const Purchasing&) const = default;
};

// The quotes that could price `partId`: tied to it, with an amount (a new row's 0 is no price) and
// a currency, in the order entered.
std::vector<const VendorQuote*> quotesFor(const Purchasing& purchasing, const std::string& partId);

// "YYYY-MM-DD" naming a day of the calendar from 1900 on: 2026-02-30 and 0000-00-00 do not.
bool isCalendarDate(std::string_view text);
// Three capital letters, as an ISO 4217 code is written ("CNY"); a quote without one is refused.
bool isCurrencyCode(std::string_view text);
// Whether the quote's validity ended before `today` ("YYYY-MM-DD"; empty: none has ended).
bool quoteExpired(const VendorQuote& quote, std::string_view today);

// A workload the build is for: the run on each GPU (model, batch, precision, …), how it spreads
// over the build's GPUs, and the data it reads (size, epochs, loading).
struct BuildWorkload {
    Workload workload;
    estimate::ParallelStrategy strategy = estimate::ParallelStrategy::Ddp;
    estimate::DatasetSpec dataset;

    bool operator==(const BuildWorkload&) const = default;
};

struct Build {
    std::string title;
    std::string presetId; // the preset it started from, if any
    std::string source;   // the preset's source article
    int nodes = 1;
    std::vector<BuildPart> parts; // one node's
    std::vector<BuildWorkload> workloads;
    std::string notes;
    Purchasing purchasing;

    // Field by field: what a document compares to know what an edit changed (a snapshot's spec
    // values and prices included), and whether an edit came back to where it started.
    bool operator==(const Build&) const = default;
};

// One node's RAM in bytes: its memory kits' modules times their size (GB, 10^9 bytes).
double nodeRamBytes(const Build& build);

// The most of one part across all nodes, and of GPUs in all, that TorchRig plans: far above any
// cluster built, and small enough that every count of the plan (an int) and every product of it
// stays in range.
inline constexpr std::int64_t kMaxPartsAcrossNodes = 1'000'000;
// The most of one part on one node, as a build file holds it.
inline constexpr std::int64_t kMaxQuantityPerNode = 100'000;
// The most one GPU or CPU draws (a GB200 superchip module: 2,700 W): a rated power past it is a
// typo, and multiplied by quantities and nodes it printed a load of -9223372036854775808 W.
inline constexpr double kMaxPartWatts = 10'000;
// Why the build is larger than that ("parts[0]: 100000 per node x 100000 nodes …", a quantity
// past kMaxQuantityPerNode, a TDP past kMaxPartWatts), or nothing.
std::optional<std::string> buildSizeProblem(const Build& build);

} // namespace torchrig::plan
