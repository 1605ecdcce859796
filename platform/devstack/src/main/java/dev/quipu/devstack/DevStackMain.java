package dev.quipu.devstack;

import dev.quipu.contracts.pricebook.Service;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * The foreground program behind {@code ./quipu up}: starts the devstack, says where the gateway is,
 * and on SIGTERM or Ctrl-C stops the services, then the broker, then PostgreSQL.
 */
final class DevStackMain {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private DevStackMain() {
    }

    static void run(String[] args) {
        boolean detached = List.of(args).contains("--detached");
        DevStackConfig config;
        try {
            config = DevStackConfig.fromEnvironment(System.getenv(), System.getProperties());
        } catch (IllegalArgumentException e) {
            System.err.println("quipu: " + e.getMessage());
            System.exit(2);
            return;
        }
        // before the first logger: the broker and PostgreSQL log to devstack.log, not to the terminal
        Path logFile = config.logDir().resolve("devstack.log");
        System.setProperty("quipu.devstack.log", logFile.toString());
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "dev/quipu/devstack/logback-devstack.xml");
        }
        Logger log = LoggerFactory.getLogger(DevStackMain.class);
        long t0 = System.nanoTime();
        say("starting the Quipu devstack in " + config.baseDir() + " (log " + logFile + ")");
        DevStack stack = new DevStack(config, message -> {
            log.info(message);
            say(message);
        });
        Path pidFile = config.baseDir().resolve("devstack.pid");
        CountDownLatch stopped = new CountDownLatch(1);
        Runnable stop = () -> {
            say("stopping: services, then the Kafka broker, then PostgreSQL ...");
            boolean ours = stack.ownsLock();
            stack.close();
            if (ours) {
                deleteQuietly(pidFile);
            }
            say("stopped");
            stopped.countDown();
        };
        // our own handlers rather than a shutdown hook: shutdown hooks run in no defined order, and
        // PostgreSQL's own hook would stop the database while the services are still shutting down
        for (String signal : List.of("TERM", "INT")) {
            Signal.handle(new Signal(signal), s -> {
                stop.run();
                System.exit(0);
            });
        }
        Runtime.getRuntime().addShutdownHook(new Thread(stack::close, "devstack-stop"));
        try {
            stack.startInfrastructure(); // holds the base directory's lock from here on
            writePid(pidFile);
            stack.startServices();
        } catch (RuntimeException e) {
            if (stack.isClosing()) { // a signal arrived while starting: its handler stops and exits
                awaitQuietly(stopped);
                return;
            }
            log.error("devstack failed to start", e);
            System.err.println();
            System.err.println("quipu: the devstack could not start: " + e.getMessage());
            boolean ours = stack.ownsLock();
            stack.close();
            if (ours) {
                deleteQuietly(pidFile);
            }
            System.exit(1);
            return;
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        String gateway = stack.gatewayUrl().toString();
        writeReadyMarker(config, seconds, gateway);
        log.info("ready in {} s", String.format(Locale.ROOT, "%.1f", seconds));
        System.out.println();
        System.out.printf(Locale.ROOT, "Quipu is up in %.1f s.%n", seconds);
        if (stack.process(Service.GATEWAY).isPresent()) {
            System.out.println("  gateway   " + gateway + "   (try: curl " + gateway + "/health)");
        }
        System.out.println("  services  " + String.join(", ", stack.processes().stream()
                .map(p -> p.service().shortName() + " :" + p.port()).toList()));
        // the operator token sets spending caps (POST /budget); reputation-service reads the same variable
        String operatorToken = System.getenv().getOrDefault("QUIPU_OPERATOR_TOKEN",
                stack.secrets().get("QUIPU_OPERATOR_TOKEN"));
        System.out.println("  operator  Authorization: Bearer " + operatorToken + "   (POST /budget; made in "
                + config.baseDir().resolve(SuiteSecrets.FILE) + ", or set QUIPU_OPERATOR_TOKEN)");
        System.out.println("  backends  listen on 127.0.0.1 and answer the suite's own callers only;"
                + " ./quipu internal-header SERVICE prints an operator's header for them");
        System.out.println("  logs      " + config.logDir() + "/<service>.log   (./quipu logs <service>)");
        System.out.println("  data      " + config.dataDir() + "   (kept across restarts; ./quipu reset deletes it)");
        System.out.println(detached ? "  stop      ./quipu down" : "  stop      Ctrl-C here, or ./quipu down from another terminal");
        System.out.flush();
        watch(stack, stopped);
    }

    /** Stays in the foreground; says so when a service dies after it was healthy. */
    private static void watch(DevStack stack, CountDownLatch stopped) {
        Set<Service> reported = new HashSet<>();
        try {
            while (!stopped.await(2, java.util.concurrent.TimeUnit.SECONDS)) {
                for (ServiceProcess p : stack.processes()) {
                    if (!stack.isClosing() && !p.isAlive() && reported.add(p.service())) {
                        say(p.service().moduleName() + " exited with code " + p.exitValue() + "; see " + p.logFile());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code .quipu/devstack.pid}: what {@code ./quipu down} signals, whatever started this JVM. */
    private static void writePid(Path pidFile) {
        try {
            Files.createDirectories(pidFile.getParent());
            Files.writeString(pidFile, ProcessHandle.current().pid() + "\n");
        } catch (IOException e) {
            throw new DevStackException("cannot write " + pidFile + ": " + e.getMessage(), e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stale pid file is recognised as such by ./quipu (no such process)
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void writeReadyMarker(DevStackConfig config, double seconds, String gateway) {
        try {
            Files.writeString(config.runDir().resolve("ready"),
                    String.format(Locale.ROOT, "seconds=%.1f%ngateway=%s%n", seconds, gateway));
        } catch (IOException e) {
            throw new DevStackException("cannot write " + config.runDir().resolve("ready") + ": " + e.getMessage(), e);
        }
    }

    private static void say(String message) {
        System.out.println("[" + LocalTime.now().format(CLOCK) + "] " + message);
        System.out.flush();
    }
}
