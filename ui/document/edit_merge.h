#pragma once
// Which edits of a build merge into one undo step, in one place: repeated edits of one field (the
// steps of a spin box, the keys typed in a line) merge; edits of different fields, or of the same
// field of different parts, workloads or quote cells, never do.

namespace torchrig::ui {

enum class MergeField {
    None, // an edit of its own
    Title,
    Nodes,
    PartQuantity,  // item: the part's index
    WorkloadField, // item: the workload's index; detail: the editor's field
    Requester,
    Group,
    BudgetCode,
    Budget,
    PurchaseField, // item: the field's place among the template's and the build's
    Notes,
    QuoteCell, // item: the quote's row; detail: its column
};

struct EditMerge {
    MergeField field = MergeField::None;
    int item = 0;
    int detail = 0;

    bool operator==(const EditMerge&) const = default;
};

} // namespace torchrig::ui
