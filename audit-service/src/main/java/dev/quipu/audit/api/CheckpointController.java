package dev.quipu.audit.api;

import dev.quipu.audit.checkpoint.CheckpointService;
import dev.quipu.audit.checkpoint.CheckpointSigner;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.runtime.ErrorBody;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.sql.SQLException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Signed checkpoints over all chain heads, and the public key that verifies them. */
@Controller("/audit-checkpoints")
@ExecuteOn(TaskExecutors.BLOCKING)
public class CheckpointController {

    private final CheckpointService checkpoints;
    private final CheckpointSigner signer;

    public CheckpointController(CheckpointService checkpoints, CheckpointSigner signer) {
        this.checkpoints = checkpoints;
        this.signer = signer;
    }

    @Get
    Map<String, Object> recent() throws SQLException {
        return Map.of("checkpoints", checkpoints.recent(50), "public_key", "/audit-checkpoints/public-key");
    }

    @Get("/public-key")
    Map<String, Object> publicKey() {
        return Map.of("algorithm", "Ed25519", "key_id", signer.keyId(), "public_key_pem", signer.publicKeyPem(),
                "public_key_x509_base64", Base64.getEncoder().encodeToString(signer.publicKey().getEncoded()),
                "signed_statement", "quipu-aat-checkpoint-v1|<checkpoint_id>|<created_at>|<head_count>|<merkle_root>");
    }

    @Get("/{checkpoint_id}")
    MutableHttpResponse<?> one(@PathVariable("checkpoint_id") String checkpointId) throws SQLException {
        return withId(checkpointId, id -> lookup(() -> checkpoints.find(id)));
    }

    @Get("/{checkpoint_id}/verify")
    MutableHttpResponse<?> verify(@PathVariable("checkpoint_id") String checkpointId) throws SQLException {
        return withId(checkpointId, id -> lookup(() -> checkpoints.verify(id)));
    }

    private interface Lookup {
        Optional<?> get() throws SQLException;
    }

    private static MutableHttpResponse<?> lookup(Lookup lookup) {
        try {
            return lookup.get().<MutableHttpResponse<?>>map(HttpResponse::ok)
                    .orElseGet(() -> HttpResponse.notFound(ErrorBody.of("not_found", "No such checkpoint.")));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MutableHttpResponse<?> withId(String raw, Function<Long, MutableHttpResponse<?>> then) {
        try {
            long id = Long.parseLong(raw);
            if (id > 0) {
                return then.apply(id);
            }
        } catch (NumberFormatException ignored) {
            // answered below
        }
        return HttpResponse.unprocessableEntity().body(ValidationErrorBody.of(new ValidationError(List.of("path", "checkpoint_id"),
                "Input should be a positive integer", "int_parsing")));
    }
}
