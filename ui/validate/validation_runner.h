#pragma once
// Runs torchrig-validate as a child process off the UI thread (QProcess): writes the request,
// reads its progress and result lines as they come, and ends in exactly one outcome the user can
// act on — measured, does not fit, refused, cancelled, crashed or killed, timed out, garbage on its
// output, or no worker to run (decided by validation/worker_ending.h, as the command line decides it).
// Cancel ends the run within a second (SIGTERM, then SIGKILL), as do the planner's own limits
// (validation/worker_ending.h: WorkerLimits): a worker silent for too long, running past the request's time
// limit and a margin, writing one endless line, or not exiting once it has answered.

#include "validation/validation_protocol.h"
#include "validation/worker_ending.h"

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <optional>
#include <vector>

namespace torchrig::ui {

struct ValidationOutcome {
    using Kind = WorkerEnding::Kind;
    Kind kind = Kind::Crashed;
    ValidationResult result; // Measured
    QString message;         // what happened, for the user, in their language
};

class ValidationRunner : public QObject {
    Q_OBJECT
public:
    explicit ValidationRunner(QObject* parent = nullptr);
    ~ValidationRunner() override;

    // The worker beside this program, or $TORCHRIG_VALIDATE.
    static QString defaultWorkerPath();
    using Devices = Result<std::vector<ValidationDevice>>;
    // The devices the worker sees (--probe), or an error saying why there are none, without
    // waiting: `done` is called once from the event loop, unless `context` is destroyed first (the
    // probe is then killed).
    static void probeLater(const QString& workerPath, QObject* context, std::function<void(Devices)> done,
                           int timeoutMs = 15000);

    void setWorkerPath(const QString& path) { m_workerPath = path; }
    const QString& workerPath() const { return m_workerPath; }
    // Starts a run; false (and finished() is emitted) when one is already running.
    bool start(const ValidationRequest& request);
    void cancel();
    bool isRunning() const;
    qint64 workerPid() const { return m_process ? m_process->processId() : 0; } // 0: none running
    // How long cancel() waits after SIGTERM before SIGKILL.
    static constexpr int kCancelGraceMs = 700;

Q_SIGNALS:
    void progress(const QString& phase, int step, double elapsedSeconds);
    void finished(const torchrig::ui::ValidationOutcome& outcome);

private:
    void readLines();
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void processError(QProcess::ProcessError error);
    void finish(const WorkerEnding& ending);
    void stop(); // SIGTERM now, SIGKILL after the grace

    QString m_workerPath;
    QProcess* m_process = nullptr;
    QTimer m_deadline; // the request's time limit and a margin, then a decided worker's time to exit
    QTimer m_silence;  // the longest wait for the worker's next line
    QTimer m_killTimer;
    WorkerLimits m_limits;
    std::optional<WorkerOutputReader> m_output; // the running worker's
    QByteArray m_stderr;
    std::optional<WorkerEnding> m_stopped; // the planner stopped it: cancelled or timed out
    bool m_done = true;
};

} // namespace torchrig::ui

Q_DECLARE_METATYPE(torchrig::ui::ValidationOutcome)
