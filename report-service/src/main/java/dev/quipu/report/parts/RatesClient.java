package dev.quipu.report.parts;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.client.annotation.Client;

import java.util.Map;

/** rates-service, called as report-service. */
@Client(id = "rates")
public interface RatesClient {

    @Post("/rates")
    HttpResponse<byte[]> rates(@Body Map<String, Object> request, @Header(HttpHeaders.AUTHORIZATION) String authorization);
}
