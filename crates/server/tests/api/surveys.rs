//! Surveys: the defaults and their rules.

use super::*;

#[tokio::test]
async fn surveys_start_with_defaults_and_keep_their_rules() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let list = w.get(&token, "/api/survey/questions").await.json();
    assert_eq!(
        list.as_array().unwrap().len(),
        3,
        "a new builder has the three default questions"
    );
    assert_eq!(
        list[0]["choices"],
        json!(["Own", "Rent", "Live /w Fam", "Other"])
    );
    assert_eq!(list[1]["type"], 3);
    let mut questions = list.as_array().unwrap().clone();
    questions.push(json!({"text": "Favourite room?", "type": 4, "choices": ["x"]}));
    let saved = w
        .post(
            &token,
            "/api/survey/questions",
            json!({"questions": questions.clone()}),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json()["message"], "Questions updated");
    assert_eq!(
        saved.json()["questions"][3]["choices"],
        json!([]),
        "text questions carry no choices"
    );
    let mut first_changed = questions.clone();
    first_changed[0]["text"] = json!("Changed");
    let refused = w
        .post(
            &token,
            "/api/survey/questions",
            json!({"questions": first_changed}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let refused = w
        .post(
            &token,
            "/api/survey/questions",
            json!({"questions": questions[1..].to_vec()}),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the first question cannot be deleted"
    );
    let mut bad = questions.clone();
    bad.push(json!({"text": "", "type": null}));
    let a = w
        .post(&token, "/api/survey/questions", json!({"questions": bad}))
        .await;
    assert_eq!(
        a.json()["errors"]["questions.4.text"],
        "Question field is required"
    );
    assert_eq!(
        a.json()["errors"]["questions.4.type"],
        "Answer type field is required"
    );
    let mut six = questions.clone();
    six.push(json!({"text": "Five", "type": 5}));
    six.push(json!({"text": "Six", "type": 5}));
    assert_eq!(
        w.post(&token, "/api/survey/questions", json!({"questions": six}))
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );

    let post = w.post(&token, "/api/survey/postTour/questions", json!({"questions": [
        {"text": "Did you like it?", "type": 3}, {"text": "Which?", "type": 2, "choices": ["A", ""]}]})).await;
    assert_eq!(
        post.json()["errors"]["questions.1.choices.1"],
        "Fill or delete this field"
    );
    let post = w
        .post(
            &token,
            "/api/survey/postTour/questions",
            json!({"questions": [{"text": "Did you like it?", "type": 3}]}),
        )
        .await;
    assert_eq!(post.json()["message"], "Post Tour Questions updated");
    assert_eq!(post.json()["questions"][0]["choices"], json!(["Yes", "No"]));

    let cedar = w.sign_in("cedar.pm").await;
    let homes = w.get(&token, "/api/auth/session").await.json()["builderId"]
        .as_i64()
        .unwrap();
    assert_eq!(
        w.get(&cedar, &format!("/api/survey/questions?builderId={homes}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        w.post(
            &cedar,
            "/api/survey/postTour/questions",
            json!({"builder_id": homes, "questions": []})
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let sales = w.sign_in("demo.sales").await;
    assert_eq!(
        w.post(
            &sales,
            "/api/survey/postTour/questions",
            json!({"questions": []})
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    w.done().await;
}
