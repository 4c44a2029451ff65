//! Survey questions of a builder, pre-tour and post-tour, kept as ordered lists.

use domain::surveys::{default_pre_tour, Question, Survey};
use sqlx::FromRow;

use crate::{on_pool, Db, Result, Scope};

#[derive(FromRow)]
struct QuestionRow {
    id: i64,
    text: String,
    r#type: i64,
    choices: String,
}

/// Gives every builder that has not had them yet the default pre-tour questions.
pub async fn seed_defaults(db: &Db) -> Result<()> {
    let builders: Vec<i64> = on_pool!(db, |pool| {
        sqlx::query_scalar("SELECT builder_id FROM builders WHERE surveys_seeded = FALSE")
            .fetch_all(pool)
            .await
    })?;
    for builder_id in builders {
        write(db, builder_id, Survey::PreTour, &default_pre_tour(), true).await?;
    }
    Ok(())
}

pub async fn questions(
    db: &Db,
    scope: &Scope,
    builder_id: i64,
    survey: Survey,
) -> Result<Option<Vec<Question>>> {
    if !scope.allows(builder_id) {
        return Ok(None);
    }
    let rows: Vec<QuestionRow> = on_pool!(db, |pool| {
        sqlx::query_as("SELECT id, text, type, choices FROM survey_questions WHERE builder_id = $1 AND survey = $2 ORDER BY position, id")
            .bind(builder_id)
            .bind(survey.key())
            .fetch_all(pool)
            .await
    })?;
    Ok(Some(
        rows.into_iter()
            .map(|r| Question {
                question_id: Some(r.id),
                text: r.text,
                r#type: Some(r.r#type),
                choices: serde_json::from_str(&r.choices).unwrap_or_default(),
            })
            .collect(),
    ))
}

/// Replaces a builder's list in one transaction: questions keep their ids when they come back
/// with them, new ones get ids, missing ones go.
pub async fn replace(
    db: &Db,
    scope: &Scope,
    builder_id: i64,
    survey: Survey,
    list: &[Question],
) -> Result<bool> {
    if !scope.allows(builder_id) {
        return Ok(false);
    }
    write(db, builder_id, survey, list, false).await?;
    Ok(true)
}

async fn write(
    db: &Db,
    builder_id: i64,
    survey: Survey,
    list: &[Question],
    seeding: bool,
) -> Result<()> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let kept: Vec<String> = list
            .iter()
            .filter_map(|q| q.question_id)
            .map(|id| id.to_string())
            .collect();
        let mut delete =
            "DELETE FROM survey_questions WHERE builder_id = $1 AND survey = $2".to_string();
        if !kept.is_empty() {
            delete.push_str(&format!(" AND id NOT IN ({})", kept.join(",")));
        }
        sqlx::query(&delete)
            .bind(builder_id)
            .bind(survey.key())
            .execute(&mut *tx)
            .await?;
        for (position, q) in list.iter().enumerate() {
            let choices = serde_json::to_string(&q.choices).expect("choices serialise");
            let kind = q.r#type.unwrap_or_default();
            let updated = match q.question_id {
                Some(id) => sqlx::query(
                    "UPDATE survey_questions SET position = $1, text = $2, type = $3, choices = $4
                     WHERE id = $5 AND builder_id = $6 AND survey = $7",
                )
                .bind(position as i64)
                .bind(&q.text)
                .bind(kind)
                .bind(&choices)
                .bind(id)
                .bind(builder_id)
                .bind(survey.key())
                .execute(&mut *tx)
                .await?
                .rows_affected(),
                None => 0,
            };
            if updated == 0 {
                sqlx::query(
                    "INSERT INTO survey_questions (builder_id, survey, position, text, type, choices) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(builder_id)
                .bind(survey.key())
                .bind(position as i64)
                .bind(&q.text)
                .bind(kind)
                .bind(&choices)
                .execute(&mut *tx)
                .await?;
            }
        }
        if seeding {
            sqlx::query("UPDATE builders SET surveys_seeded = TRUE WHERE builder_id = $1")
                .bind(builder_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    })
}
