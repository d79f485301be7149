#pragma once
// The seed articles' advice for the open build and workload (plan/advisor.h): each message with
// its source, the article's claim and its correction, and an Apply button where the advice is a
// change to the workload (an undoable edit like any other).

#include <QWidget>

class QVBoxLayout;

namespace torchrig::ui {

class BuildDocument;

class AdvicePanel : public QWidget {
    Q_OBJECT
public:
    explicit AdvicePanel(BuildDocument& document, QWidget* parent = nullptr);

    int adviceCount(); // brings the list up to date first
    // Applies the advice of this rule (its first offer); false when there is none to apply.
    bool apply(const QString& rule);

protected:
    void showEvent(QShowEvent* event) override;

private:
    // The advice takes tens of estimates (the batch rule bisects): it is worked out while the
    // panel shows, and marked stale otherwise.
    void refresh();
    void refreshIfShownElseMarkStale();

    BuildDocument& m_document;
    QVBoxLayout* m_rows = nullptr;
    QWidget* m_content = nullptr;
    int m_count = 0;
    bool m_stale = true;
};

} // namespace torchrig::ui
