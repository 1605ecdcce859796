package dev.quipu.testkit;

import dev.quipu.contracts.events.TopicAccess;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Gives each principal of {@link TopicAccess} a SCRAM-SHA-512 user and exactly the ACLs the table
 * grants it: WRITE on the topics it owns, READ on those it consumes (and on consumer groups, which
 * are not the boundary: topics are). Everything else is refused by the broker.
 */
public final class KafkaAccessControl {

    private static final int ITERATIONS = 8192;

    private KafkaAccessControl() {
    }

    /** Creates the users with their passwords and the ACLs, through the broker's admin listener. */
    public static void apply(String adminBootstrapServers, Map<String, String> passwords) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, adminBootstrapServers))) {
            List<org.apache.kafka.clients.admin.UserScramCredentialAlteration> users = new ArrayList<>();
            passwords.forEach((user, password) -> users.add(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, ITERATIONS), password)));
            admin.alterUserScramCredentials(users).all().get(30, TimeUnit.SECONDS);
            admin.createAcls(acls()).all().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException("could not set Kafka users and ACLs: " + e.getMessage(), e);
        }
    }

    /** The ACLs of {@link TopicAccess#all()}. */
    public static List<AclBinding> acls() {
        List<AclBinding> acls = new ArrayList<>();
        for (TopicAccess access : TopicAccess.all()) {
            ResourcePattern topic = new ResourcePattern(ResourceType.TOPIC, access.topic(), PatternType.LITERAL);
            acls.add(allow(topic, access.writer(), AclOperation.WRITE));
            acls.add(allow(topic, access.writer(), AclOperation.DESCRIBE));
            for (String reader : access.readers()) {
                acls.add(allow(topic, reader, AclOperation.READ));
                acls.add(allow(topic, reader, AclOperation.DESCRIBE));
            }
        }
        ResourcePattern anyGroup = new ResourcePattern(ResourceType.GROUP, "*", PatternType.LITERAL);
        ResourcePattern cluster = new ResourcePattern(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL);
        for (String principal : TopicAccess.principals()) {
            acls.add(allow(anyGroup, principal, AclOperation.READ));
            // the health indicator reads the broker's configuration
            acls.add(allow(cluster, principal, AclOperation.DESCRIBE_CONFIGS));
        }
        return acls;
    }

    /** What a client of {@code user} adds to its configuration to connect to a broker with access control. */
    public static Map<String, Object> clientConfig(String bootstrapServers, String user, String password) {
        return Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT",
                SaslConfigs.SASL_MECHANISM, "SCRAM-SHA-512",
                SaslConfigs.SASL_JAAS_CONFIG, jaas(user, password));
    }

    /** The {@code sasl.jaas.config} of {@code user} (KAFKA_SASL_JAAS_CONFIG of a service). */
    public static String jaas(String user, String password) {
        return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + user
                + "\" password=\"" + password + "\";";
    }

    private static AclBinding allow(ResourcePattern resource, String principal, AclOperation operation) {
        return new AclBinding(resource, new AccessControlEntry("User:" + principal, "*", operation, AclPermissionType.ALLOW));
    }
}
