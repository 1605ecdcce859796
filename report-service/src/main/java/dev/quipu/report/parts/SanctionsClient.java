package dev.quipu.report.parts;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.client.annotation.Client;

import java.util.Map;

/** sanctions-service, called as report-service (its own internal token; docs/security.md). */
@Client(id = "sanctions")
public interface SanctionsClient {

    /** The raw answer: its bytes are hashed into the audit trail exactly as sanctions-service sent them. */
    @Post("/sanctions")
    HttpResponse<byte[]> screen(@Body Map<String, Object> request, @Header(HttpHeaders.AUTHORIZATION) String authorization);

    /** A wallet address against the lists' digital-currency addresses. */
    @Post("/wallet/screen")
    HttpResponse<byte[]> wallet(@Body Map<String, Object> request, @Header(HttpHeaders.AUTHORIZATION) String authorization);
}
