package dev.quipu.testkit;

import dev.quipu.contracts.events.Topics;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A real single-node KRaft Kafka broker running in this JVM. Its ports and log directory are fixed
 * at construction, so {@link #stop()} then {@link #start()} brings back the same broker with its
 * data: that is how tests show that nothing is lost while the broker is down.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static EmbeddedKafka shared;

    private final Path logDir;
    private final int port;
    private final int controllerPort;
    /** With access control: clients authenticate (SCRAM) and are authorised by ACLs; 0 otherwise. */
    private final int adminPort;
    private KafkaRaftServer server;

    /**
     * @param logDir         where the broker keeps its log (formatted on first use)
     * @param port           client port, or 0 for a free one
     * @param controllerPort controller port, or 0 for a free one
     */
    public EmbeddedKafka(Path logDir, int port, int controllerPort) {
        this(logDir, port, controllerPort, 0);
    }

    private EmbeddedKafka(Path logDir, int port, int controllerPort, int adminPort) {
        this.logDir = logDir;
        this.port = port == 0 ? freePort() : port;
        this.controllerPort = controllerPort == 0 ? freePort() : controllerPort;
        this.adminPort = adminPort;
    }

    /**
     * A broker as production runs one: clients authenticate with SASL/SCRAM-SHA-512 on
     * {@link #bootstrapServers()} and may do only what ACLs grant them
     * ({@link KafkaAccessControl}); the operator's own plaintext listener,
     * {@link #adminBootstrapServers()}, is on loopback and is the only super user.
     */
    public static EmbeddedKafka withAccessControl(Path logDir) {
        return withAccessControl(logDir, 0, 0);
    }

    /** The same on given client and controller ports (0 = a free one); the admin port is a free one. */
    public static EmbeddedKafka withAccessControl(Path logDir, int port, int controllerPort) {
        return new EmbeddedKafka(logDir, port, controllerPort, freePort());
    }

    /** Where the operator's tools connect (the client listener when there is no access control). */
    public String adminBootstrapServers() {
        return adminPort == 0 ? bootstrapServers() : "127.0.0.1:" + adminPort;
    }

    /** The broker shared by every test of this JVM, started on first use and stopped at exit. */
    public static synchronized EmbeddedKafka shared() {
        if (shared == null) {
            try {
                EmbeddedKafka kafka = new EmbeddedKafka(Files.createTempDirectory("quipu-kraft-"), 0, 0);
                kafka.start();
                kafka.createTopics(Topics.all(), Topics.PARTITIONS);
                Runtime.getRuntime().addShutdownHook(new Thread(kafka::close, "embedded-kafka-stop"));
                shared = kafka;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return shared;
    }

    public synchronized EmbeddedKafka start() {
        if (server != null) {
            return this;
        }
        try {
            Files.createDirectories(logDir);
            if (!Files.exists(logDir.resolve("meta.properties"))) {
                new Formatter()
                        .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                        .setClusterId(Uuid.randomUuid().toString())
                        .setNodeId(1)
                        .setControllerListenerName("CONTROLLER")
                        .setMetadataLogDirectory(logDir.toString())
                        .setDirectories(List.of(logDir.toString()))
                        .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                        .run();
            }
            KafkaRaftServer raft = new KafkaRaftServer(KafkaConfig.fromProps(brokerProperties(), false), Time.SYSTEM);
            raft.startup();
            server = raft;
            return this;
        } catch (Exception e) {
            throw new IllegalStateException("could not start the embedded Kafka broker in " + logDir, e);
        }
    }

    /** Stops the broker and keeps its data, so that {@link #start()} resumes it. */
    public synchronized void stop() {
        if (server != null) {
            server.shutdown();
            server.awaitShutdown();
            server = null;
        }
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public void createTopics(List<String> names, int partitions) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, adminBootstrapServers()))) {
            for (String name : names) {
                try {
                    admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1).configs(Topics.config(name))))
                            .all().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("could not create topic " + name, e.getCause());
                    }
                }
            }
            // The controller has committed the topics; wait until the broker's metadata shows them too.
            long deadline = System.currentTimeMillis() + 30_000;
            while (!admin.listTopics().names().get(30, TimeUnit.SECONDS).containsAll(names)) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("topics " + names + " did not appear in the broker's metadata");
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("timed out creating topics", e);
        }
    }

    @Override
    public void close() {
        stop();
    }

    private Properties brokerProperties() {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "3");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("num.partitions", String.valueOf(Topics.PARTITIONS));
        p.put("auto.create.topics.enable", "true");
        p.put("log.flush.interval.messages", "1");
        if (adminPort != 0) {
            p.put("listeners", "SASL_PLAINTEXT://127.0.0.1:" + port + ",ADMIN://127.0.0.1:" + adminPort
                    + ",CONTROLLER://127.0.0.1:" + controllerPort);
            p.put("advertised.listeners", "SASL_PLAINTEXT://127.0.0.1:" + port + ",ADMIN://127.0.0.1:" + adminPort);
            p.put("listener.security.protocol.map", "SASL_PLAINTEXT:SASL_PLAINTEXT,ADMIN:PLAINTEXT,CONTROLLER:PLAINTEXT");
            p.put("inter.broker.listener.name", "ADMIN");
            p.put("sasl.enabled.mechanisms", "SCRAM-SHA-512");
            p.put("listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config",
                    "org.apache.kafka.common.security.scram.ScramLoginModule required;");
            p.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
            // the loopback admin and controller listeners are plaintext: their principal is ANONYMOUS
            p.put("super.users", "User:ANONYMOUS");
            p.put("allow.everyone.if.no.acl.found", "false");
            p.put("auto.create.topics.enable", "false");
        }
        return p;
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
