#include "plan/sheet_words.h"

#include "plan/seed_articles.h"

#include <cassert>
#include <iterator>
#include <set>

namespace torchrig::plan {

namespace {

// Every word the sheet says itself, marked so that lupdate collects them into the translations
// (resources/translations, context "sheet"); a word said but not listed here is a mistake a debug
// build stops at, since no translation would ever be made for it.
constexpr std::string_view kSheetWords[] = {
    TORCHRIG_TEXT_NOOP("sheet", "Build sheet"),
    TORCHRIG_TEXT_NOOP("sheet", "untitled"),
    TORCHRIG_TEXT_NOOP("sheet", "Date"),
    TORCHRIG_TEXT_NOOP("sheet", "Requested by"),
    TORCHRIG_TEXT_NOOP("sheet", "Group"),
    TORCHRIG_TEXT_NOOP("sheet", "Budget code"),
    TORCHRIG_TEXT_NOOP("sheet", "Summary"),
    TORCHRIG_TEXT_NOOP("sheet", "Nodes"),
    TORCHRIG_TEXT_NOOP("sheet", "GPUs"),
    TORCHRIG_TEXT_NOOP("sheet", "Parts total"),
    TORCHRIG_TEXT_NOOP("sheet", "Power at full load"),
    TORCHRIG_TEXT_NOOP("sheet", "Findings"),
    TORCHRIG_TEXT_NOOP("sheet", "Based on"),
    TORCHRIG_TEXT_NOOP("sheet", "Components"),
    TORCHRIG_TEXT_NOOP("sheet", "Part"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 launch price — ask for a quote"),
    TORCHRIG_TEXT_NOOP("sheet", "street price of %1 — ask for a quote"),
    TORCHRIG_TEXT_NOOP("sheet", "quote of %1 — ask for a new one"),
    TORCHRIG_TEXT_NOOP("sheet", "price list of %1 — check the provider's page"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 % of the priced parts rest on prices older than 12 months"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 line rests on a price older than 12 months"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 lines rest on prices older than 12 months"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 line has no price"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 lines have no price"),
    TORCHRIG_TEXT_NOOP("sheet", "; "),
    TORCHRIG_TEXT_NOOP("sheet", "Prices"),
    TORCHRIG_TEXT_NOOP("sheet", "included in %1"),
    TORCHRIG_TEXT_NOOP("sheet", "Qty"),
    TORCHRIG_TEXT_NOOP("sheet", "Unit price"),
    TORCHRIG_TEXT_NOOP("sheet", "Price date and source"),
    TORCHRIG_TEXT_NOOP("sheet", "Subtotal"),
    TORCHRIG_TEXT_NOOP("sheet", "no price"),
    TORCHRIG_TEXT_NOOP("sheet", "Parts"),
    TORCHRIG_TEXT_NOOP("sheet", "Tax"),
    TORCHRIG_TEXT_NOOP("sheet", "Shipping"),
    TORCHRIG_TEXT_NOOP("sheet", "Total"),
    TORCHRIG_TEXT_NOOP("sheet", "Total in capitals"),
    TORCHRIG_TEXT_NOOP("sheet", "per hour"),
    TORCHRIG_TEXT_NOOP("sheet", "Compatibility and power"),
    TORCHRIG_TEXT_NOOP("sheet", "Severity"),
    TORCHRIG_TEXT_NOOP("sheet", "Finding"),
    TORCHRIG_TEXT_NOOP("sheet", "What to do"),
    TORCHRIG_TEXT_NOOP("sheet", "problem"),
    TORCHRIG_TEXT_NOOP("sheet", "warning"),
    TORCHRIG_TEXT_NOOP("sheet", "note"),
    TORCHRIG_TEXT_NOOP("sheet", "problems"),
    TORCHRIG_TEXT_NOOP("sheet", "warnings"),
    TORCHRIG_TEXT_NOOP("sheet", "No problems found."),
    TORCHRIG_TEXT_NOOP("sheet", "Not checked"),
    TORCHRIG_TEXT_NOOP("sheet", "Workloads"),
    TORCHRIG_TEXT_NOOP("sheet", "Workload"),
    TORCHRIG_TEXT_NOOP("sheet", "Model"),
    TORCHRIG_TEXT_NOOP("sheet", "Batch per GPU"),
    TORCHRIG_TEXT_NOOP("sheet", "Precision"),
    TORCHRIG_TEXT_NOOP("sheet", "Optimizer"),
    TORCHRIG_TEXT_NOOP("sheet", "Parallel strategy"),
    TORCHRIG_TEXT_NOOP("sheet", "Fits"),
    TORCHRIG_TEXT_NOOP("sheet", "fits"),
    TORCHRIG_TEXT_NOOP("sheet", "does not fit"),
    TORCHRIG_TEXT_NOOP("sheet", "unknown"),
    TORCHRIG_TEXT_NOOP("sheet", "Memory per GPU"),
    TORCHRIG_TEXT_NOOP("sheet", "Step time"),
    TORCHRIG_TEXT_NOOP("sheet", "Samples per second"),
    TORCHRIG_TEXT_NOOP("sheet", "Step time may be off by"),
    TORCHRIG_TEXT_NOOP("sheet", "Several GPUs may add"),
    TORCHRIG_TEXT_NOOP("sheet",
                       "the largest loss in published multi-GPU runs of GPUs the model was not fitted to"),
    TORCHRIG_TEXT_NOOP(
        "sheet", "the largest error on GPUs of this architecture that the time model was not fitted to"),
    TORCHRIG_TEXT_NOOP("sheet", "Time per run"),
    TORCHRIG_TEXT_NOOP("sheet", "Energy per run"),
    TORCHRIG_TEXT_NOOP("sheet", "not estimated"),
    TORCHRIG_TEXT_NOOP("sheet", "Memory per GPU by kind"),
    TORCHRIG_TEXT_NOOP("sheet", "weights"),
    TORCHRIG_TEXT_NOOP("sheet", "gradients"),
    TORCHRIG_TEXT_NOOP("sheet", "optimizer_state"),
    TORCHRIG_TEXT_NOOP("sheet", "activations"),
    TORCHRIG_TEXT_NOOP("sheet", "temporaries"),
    TORCHRIG_TEXT_NOOP("sheet", "inputs"),
    TORCHRIG_TEXT_NOOP("sheet", "workspace"),
    TORCHRIG_TEXT_NOOP("sheet", "context and libraries"),
    TORCHRIG_TEXT_NOOP("sheet", "allocator slack"),
    TORCHRIG_TEXT_NOOP("sheet", "usable"),
    TORCHRIG_TEXT_NOOP("sheet", "No workload is planned for this build."),
    TORCHRIG_TEXT_NOOP("sheet", "Validation runs"),
    TORCHRIG_TEXT_NOOP("sheet", "Advisor's notes"),
    TORCHRIG_TEXT_NOOP("sheet", "Rent or buy"),
    TORCHRIG_TEXT_NOOP("sheet", "Purchase"),
    TORCHRIG_TEXT_NOOP("sheet", "Option"),
    TORCHRIG_TEXT_NOOP("sheet", "Per hour"),
    TORCHRIG_TEXT_NOOP("sheet", "A month of this build's work"),
    TORCHRIG_TEXT_NOOP("sheet", "Buying pays off after"),
    TORCHRIG_TEXT_NOOP("sheet", "this build"),
    TORCHRIG_TEXT_NOOP("sheet", "months"),
    TORCHRIG_TEXT_NOOP("sheet", "never"),
    TORCHRIG_TEXT_NOOP("sheet", "yes"),
    TORCHRIG_TEXT_NOOP("sheet", "no"),
    TORCHRIG_TEXT_NOOP("sheet", "Advice"),
    TORCHRIG_TEXT_NOOP("sheet", "Source"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 (Correction: %2)"),
    TORCHRIG_TEXT_NOOP("sheet", "Assumptions"),
    TORCHRIG_TEXT_NOOP("sheet", "Vendor"),
    TORCHRIG_TEXT_NOOP("sheet", "Amount"),
    TORCHRIG_TEXT_NOOP("sheet", "Reference"),
    TORCHRIG_TEXT_NOOP("sheet", "Approval"),
    TORCHRIG_TEXT_NOOP("sheet", "Role"),
    TORCHRIG_TEXT_NOOP("sheet", "Name"),
    TORCHRIG_TEXT_NOOP("sheet", "Signature"),
    TORCHRIG_TEXT_NOOP("sheet", "Requester"),
    TORCHRIG_TEXT_NOOP("sheet", "Supervisor"),
    TORCHRIG_TEXT_NOOP("sheet", "Purchasing office"),
    TORCHRIG_TEXT_NOOP("sheet", "Page %1 of %2"),
    TORCHRIG_TEXT_NOOP("sheet", "made with TorchRig"),
    TORCHRIG_TEXT_NOOP("sheet", "catalog"),
    TORCHRIG_TEXT_NOOP("sheet", "quote"),
    TORCHRIG_TEXT_NOOP("sheet", "Not estimated"),
    TORCHRIG_TEXT_NOOP("sheet", "to be quoted"),
    TORCHRIG_TEXT_NOOP("sheet", "To be quoted"),
    TORCHRIG_TEXT_NOOP("sheet", "Priced parts"),
    TORCHRIG_TEXT_NOOP("sheet", "line"),
    TORCHRIG_TEXT_NOOP("sheet", "lines"),
    TORCHRIG_TEXT_NOOP("sheet", "line to be quoted"),
    TORCHRIG_TEXT_NOOP("sheet", "lines to be quoted"),
    TORCHRIG_TEXT_NOOP("sheet", "Total of the priced lines"),
    TORCHRIG_TEXT_NOOP("sheet",
                       "the prices are in several currencies: choose one and its rate in Preferences"),
    TORCHRIG_TEXT_NOOP("sheet", "Exchange rate"),
    TORCHRIG_TEXT_NOOP("sheet", "Training method"),
    TORCHRIG_TEXT_NOOP("sheet", "full training of every weight"),
    TORCHRIG_TEXT_NOOP("sheet", "inference (prefill)"),
    TORCHRIG_TEXT_NOOP("sheet", "rank"),
    TORCHRIG_TEXT_NOOP("sheet", "on"),
    TORCHRIG_TEXT_NOOP("sheet", "every linear layer in the blocks"),
    TORCHRIG_TEXT_NOOP("sheet", "Sequence length"),
    TORCHRIG_TEXT_NOOP("sheet", "Image size"),
    TORCHRIG_TEXT_NOOP("sheet", "Gradient accumulation"),
    TORCHRIG_TEXT_NOOP("sheet", "Activation checkpointing"),
    TORCHRIG_TEXT_NOOP("sheet", "every block"),
    TORCHRIG_TEXT_NOOP("sheet", "off"),
    TORCHRIG_TEXT_NOOP("sheet", "Tokens per second"),
    TORCHRIG_TEXT_NOOP("sheet", "For"),
    TORCHRIG_TEXT_NOOP("sheet", "Valid until"),
    TORCHRIG_TEXT_NOOP("sheet", "the whole build"),
    TORCHRIG_TEXT_NOOP("sheet", "unit price"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 vendor's quote has expired — ask for a new one"),
    TORCHRIG_TEXT_NOOP("sheet", "%1 vendors' quotes have expired — ask for new ones"),
    TORCHRIG_TEXT_NOOP("sheet", "expired"),
    TORCHRIG_TEXT_NOOP("sheet", "Specification"),
    TORCHRIG_TEXT_NOOP("sheet", "Unit"),
    TORCHRIG_TEXT_NOOP("sheet", "Unit price incl. tax"),
    TORCHRIG_TEXT_NOOP("sheet", "Before tax"),
    TORCHRIG_TEXT_NOOP("sheet", "Amount incl. tax"),
    TORCHRIG_TEXT_NOOP("sheet", "Parts before tax"),
    TORCHRIG_TEXT_NOOP("sheet", "Total incl. tax"),
    TORCHRIG_TEXT_NOOP("sheet", "tax incl."),
    TORCHRIG_TEXT_NOOP("sheet", "before tax"),
    TORCHRIG_TEXT_NOOP("sheet", "chosen: %1"),
    TORCHRIG_TEXT_NOOP("sheet", "lowest of %1 valid quotes"),
    TORCHRIG_TEXT_NOOP("sheet", "Budget"),
    TORCHRIG_TEXT_NOOP("sheet", "Budget %1, total %2, remaining %3"),
    TORCHRIG_TEXT_NOOP("sheet", "Budget %1, total %2, over by %3"),
    TORCHRIG_TEXT_NOOP("sheet", "used: chosen by the requester — %1"),
    TORCHRIG_TEXT_NOOP("sheet", "used although expired, as asked"),
    TORCHRIG_TEXT_NOOP("sheet", "used: the lowest valid quote"),
    TORCHRIG_TEXT_NOOP("sheet", "no amount: not used"),
    TORCHRIG_TEXT_NOOP("sheet", "expired on %1: not used"),
    TORCHRIG_TEXT_NOOP("sheet", "not used"),
    TORCHRIG_TEXT_NOOP("sheet", "Quotes compared"),
    TORCHRIG_TEXT_NOOP(
        "sheet", "The purchasing office's rule: %1 valid quotes for a line of %2 and above (tax included)."),
    TORCHRIG_TEXT_NOOP("sheet",
                       "The lowest valid quote, with its tax, prices its part unless another was chosen with "
                       "a reason; expired quotes and quotes without an amount are never used."),
    TORCHRIG_TEXT_NOOP("sheet", "Status"),
    TORCHRIG_TEXT_NOOP("sheet", "VAT"),
    TORCHRIG_TEXT_NOOP("sheet", "Purchase details"),
    TORCHRIG_TEXT_NOOP("sheet", "%1: %2 valid quotes; the rule asks for %3"),
    TORCHRIG_TEXT_NOOP("sheet", "card"),
    TORCHRIG_TEXT_NOOP("sheet", "chip"),
    TORCHRIG_TEXT_NOOP("sheet", "kit"),
    TORCHRIG_TEXT_NOOP("sheet", "drive"),
    TORCHRIG_TEXT_NOOP("sheet", "board"),
    TORCHRIG_TEXT_NOOP("sheet", "supply"),
    TORCHRIG_TEXT_NOOP("sheet", "case"),
    TORCHRIG_TEXT_NOOP("sheet", "adapter"),
    TORCHRIG_TEXT_NOOP("sheet", "instance"),
    TORCHRIG_TEXT_NOOP("sheet", "cooler"),
    TORCHRIG_TEXT_NOOP("sheet", "server"),
    TORCHRIG_TEXT_NOOP("sheet", "piece"),
};

const std::set<std::string_view>& sheetWords() {
    static const std::set<std::string_view> words(std::begin(kSheetWords), std::end(kSheetWords));
    return words;
}

} // namespace

std::string Words::operator()(std::string_view english) const {
    const auto listed = sheetWords().find(english);
    assert(listed != sheetWords().end() && "a sheet word missing from sheetWords()");
    if (!m_translate || listed == sheetWords().end())
        return std::string(english);
    // The listed view is a string literal, NUL-terminated as the lookup needs.
    auto said = m_translate("sheet", listed->data());
    return said.empty() ? std::string(english) : said;
}

std::string Words::operator()(const Message& message) const {
    return withArticleTitles(message.text(m_translate));
}

std::string Words::catalog(std::string_view label) const {
    auto said = m_translate ? m_translate("catalog", std::string(label).c_str()) : std::string();
    return said.empty() ? std::string(label) : said;
}

std::string withArgument(const std::string& phrase, const std::string& value) {
    return fillArguments(phrase, {value});
}

} // namespace torchrig::plan
